"""Seeded fuzz of what users hand prem-llvm (issue 23 §6).

  fuzz-inputs.py --opt OPT --plugin SO --ir IR [--ir IR ...] --program PROG
                 --report JSON --trace TRACE --raw RAW --profile JSON
                 --tools DIR --guard PREM-GUARD --scratch DIR

Makes a few hundred runs from one seed (PREM_FUZZ_SEED, default 23; it is
printed, and PREM_FUZZ_RUNS scales the number of runs): malformed values of
the plugin's -prem-* options and load profiles (-prem-profile-use) to opt;
environment values (PREM_ARBITER, PREM_TDMA, PREM_GATE,
PREM_GATE_WATCHDOG_NS, PREM_TOKEN_SHM,
PREM_GUARD_SHM with forged shared-memory objects, PREM_TRACE_FILE) to a
host-offload PROG built with -fprem-arbiter=launch; mutated reports, traces
and options to tools/prem-report; mutated raw records and options to
tools/prem-profile; options and budgets to prem-guard and
tools/prem-calibrate. The inputs start from good ones (JSON, TRACE, RAW,
the profile) and are broken by a field, a line or a byte at a time.

Every run must end within its timeout with exit status 0, or with the
status of an error (1: opt and the runtime; 2: the tools, 1 also for
prem-report's checks and prem-calibrate's remaining overruns) and one line
on stderr that says what is wrong (opt: one per bad option): never a signal, a Python traceback, an
LLVM crash report or a hang. Around that line, libomp's own lines ("OMP:")
and an argparse usage block are allowed. Where the input is known to be
good or bad (the arbiter's name, PREM_TDMA, PREM_GATE and
PREM_GATE_WATCHDOG_NS, parsed here as
the runtime must), the status must say so too. A run of PROG must leave no
libomp registration object behind. Prints one line per failure with what
reproduces it, then a summary; exits 1 when anything failed.
"""
import argparse
import glob
import json
import os
import random
import shlex
import struct
import subprocess
import sys
import time

U32, U64 = 2**32 - 1, 2**64 - 1

# Values that parsers get wrong: signs, spaces, exponents, hex, the edges
# of 32 and 64 bits, long digit strings, non-ASCII digits, nothing.
NUMBERS = ["0", "1", "2", "7", "64", "100000", "-1", "-0", "+5", " 5", "5 ",
           "1e3", "0x10", "1.5", "nan", "inf", "4294967295", "4294967296",
           "18446744073709551615", "18446744073709551616", "9" * 40, "",
           "abc", "\u0661\u0662", "5\t", "0009"]
TEXTS = ["", " ", "x", "-", "--", "=", ",", ",,", "\u00e9", "a" * 300,
         "%s%n", "\\", "'", '"']


class Fuzz:
    def __init__(self, args, seed):
        self.a = args
        self.rng = random.Random(seed)
        # (group, argv, env, expect, files, allowed statuses, most lines)
        self.cases = []
        self.scratch = args.scratch
        self.serial = 0
        child = subprocess.Popen(["true"])
        child.wait()  # reaped: kill(pid, 0) fails with ESRCH
        self.dead_pid = child.pid

    # -- helpers ---------------------------------------------------------
    def number(self):
        r = self.rng
        choice = r.random()
        if choice < 0.5:
            return r.choice(NUMBERS)
        if choice < 0.8:
            return str(r.randrange(0, 10 ** r.randrange(1, 8)))
        return str(r.randrange(0, 2 ** r.choice([16, 32, 63, 64, 65, 70])))

    def text(self):
        r = self.rng
        if r.random() < 0.5:
            return r.choice(TEXTS)
        return "".join(r.choice("abc019,-=./ \u00ff")
                       for _ in range(r.randrange(1, 12)))

    def path(self, name):
        self.serial += 1
        return os.path.join(self.scratch, "%d-%s" % (self.serial, name))

    def bad_path(self):
        return self.rng.choice([
            os.path.join(self.scratch, "missing", "folder", "x"),
            self.scratch,  # a folder
            "", "/dev/null/x", "/proc/version"])

    def add(self, group, argv, env=None, expect=None, files=None,
            allowed=(1,), lines=1):
        self.cases.append((group, argv, env or {}, expect, files or {},
                           allowed, lines))

    # -- byte and line mutations ----------------------------------------
    def mutate_bytes(self, data):
        r = self.rng
        kind = r.randrange(6)
        if not data or kind == 0:
            return bytes(r.randrange(256) for _ in range(r.randrange(0, 64)))
        at = r.randrange(len(data) + 1)
        if kind == 1:
            return data[:at]  # truncated
        if kind == 2:
            return data[:at] + bytes([r.randrange(128, 256)]) + data[at:]
        if kind == 3:
            return data[:at] + b"\x00" + data[at:]
        if kind == 4:
            return b""
        return data[:at] + data[at:] * 2  # a tail repeated

    def mutate_lines(self, data):
        r = self.rng
        lines = data.decode(errors="surrogateescape").split("\n")
        i = r.randrange(len(lines))
        kind = r.randrange(5)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[r.randrange(len(lines))])
        elif kind == 2:
            fields = lines[i].split(" ")
            fields[r.randrange(len(fields))] = self.number()
            lines[i] = " ".join(fields)
        elif kind == 3:
            fields = lines[i].split(" ")
            fields[r.randrange(len(fields))] = self.text()
            lines[i] = " ".join(fields)
        else:
            lines[i] += " " + self.number()
        return "\n".join(lines).encode(errors="surrogateescape")

    def mutate_json(self, data):
        r = self.rng
        if r.random() < 0.25:
            return self.mutate_bytes(data)
        if r.random() < 0.1:
            return b"[" * r.choice([1000, 100000]) + b"]" * r.randrange(2)
        doc = json.loads(data)
        spots = []

        def walk(node):
            if isinstance(node, dict):
                for key in node:
                    spots.append((node, key))
                    walk(node[key])
            elif isinstance(node, list):
                for index in range(len(node)):
                    spots.append((node, index))
                    walk(node[index])
        walk(doc)
        if not spots:
            return json.dumps(r.choice([[], 0, None, "x"])).encode()
        parent, key = r.choice(spots)
        kind = r.randrange(3)
        if kind == 0 and isinstance(parent, dict):
            del parent[key]
        elif kind == 1:
            parent[key] = r.choice([
                -1, -3, 0, 0.5, 2**64, 2**64 - 1, 10**400, True, None, "x",
                "", [], {}, [[]], {"a": 1}, 1e308, "00000000000000zz"])
        else:
            parent[key] = r.choice([int, str, float])(1) \
                if not isinstance(parent[key], (dict, list)) \
                else type(parent[key])()
        return json.dumps(doc).encode()

    # -- the groups --------------------------------------------------------
    def opt_options(self, runs):
        r = self.rng
        values = {
            "prem-spm-bytes": self.number,
            "prem-block-size": lambda: ",".join(
                self.number() for _ in range(r.randrange(1, 5))),
            "prem-tile-iterations": self.number,
            "prem-footprint-max-count": self.number,
            "prem-isl-max-operations": self.number,
            "prem-poll-bytes": self.number,
            "prem-footprint-tile": lambda: ",".join(
                self.number() for _ in range(r.randrange(1, 4))),
            "prem-mode": lambda: r.choice(["cmpt", "dae", "sdma", "SDMA",
                                           ""]),
            "prem-arbiter": lambda: r.choice(["none", "device", "tdma",
                                              "host", "rtgate", "launch",
                                              "x", ""]),
            "prem-gpu-tiles": lambda: r.choice(["true", "false", "1", "2",
                                                "maybe", ""]),
            "prem-best-effort": lambda: r.choice(["true", "0", "yes"]),
            "prem-report": lambda: r.choice([self.path("r.json"),
                                             self.bad_path()]),
            "prem-runtime": lambda: r.choice([self.bad_path(),
                                              self.a.report]),
            "prem-profile-generate": lambda: r.choice(
                [self.path("raw"), self.bad_path()]),
        }
        passes = ["prem", "prem", "prem", "print<prem-footprint>",
                  "print<prem-tiling>", "prem-tile,prem-les"]
        for _ in range(runs):
            argv = [self.a.opt, "-load-pass-plugin", self.a.plugin,
                    "-disable-output", r.choice(self.a.ir),
                    "-passes=" + r.choice(passes)]
            names = r.sample(sorted(values), r.randrange(1, 3))
            for name in names:
                argv.append("-%s=%s" % (name, values[name]()))
            # LLVM's command line says what is wrong with each option.
            self.add("opt-options", argv, lines=len(names))

    def opt_profiles(self, runs):
        base = open(self.a.profile, "rb").read()
        for _ in range(runs):
            profile = self.path("profile.json")
            argv = [self.a.opt, "-load-pass-plugin", self.a.plugin,
                    "-disable-output", self.rng.choice(self.a.ir),
                    "-passes=prem", "-prem-profile-use=" + profile]
            self.add("opt-profile", argv,
                     files={profile: self.mutate_json(base)})

    def tdma(self):
        """A PREM_TDMA value, and whether the runtime must take it: None for
        a good table that would run slowly (not made)."""
        r = self.rng
        fields = [r.choice(["100000", "50000", "1", str(U64)]),
                  r.choice(["8", "4", "1", "2"]),
                  r.choice(["0", "1000", "49999", "99999"]),
                  r.choice(["0", "3", "7"])][:r.choice([3, 3, 4])]
        for _ in range(r.randrange(0, 3)):
            fields[r.randrange(len(fields))] = self.number()
        if r.random() < 0.2:
            fields = fields[:r.randrange(1, 6)] + [self.number()]
        value = ",".join(fields)
        return value, tdma_good(value)

    def gate(self):
        r = self.rng
        fields = [r.choice(["100000", "1", str(U64)]),
                  r.choice(["0", "4096"]), r.choice(["0", "2"])][
                      :r.choice([2, 3])]
        for _ in range(r.randrange(0, 3)):
            fields[r.randrange(len(fields))] = self.number()
        value = ",".join(fields)
        return value, gate_good(value)

    def watchdog(self):
        r = self.rng
        value = r.choice(["1", "100000000", str(U64), "", "5ms", "1,2",
                          self.number()])
        return value, watchdog_good(value)

    def shm_object(self, kind):
        """A forged object for PREM_TOKEN_SHM (kind token) or PREM_GUARD_SHM
        (guard): random bytes, or a header with one field broken and an
        owner that is dead. None: no object (the name is missing)."""
        r = self.rng
        magic = {"token": 0x314E454B4F544D50, "guard": 0x3144524155474D50}
        state = {"token": 24, "guard": 32}[kind]
        page = 4096
        form = r.randrange(4)
        if form == 0:
            return None
        if form == 1:
            return bytes(r.randrange(256)
                         for _ in range(r.choice([0, 1, 39, 40, 4096 + state])))
        # magic, version, state_offset, size, owner_pid, reserved,
        # heartbeat_ns (prem_shm_header), the owner dead.
        fields = [magic[kind], 1, page, page + state, self.dead_pid, 0,
                  time.clock_gettime_ns(time.CLOCK_MONOTONIC)]
        if form == 3:
            index = r.randrange(len(fields))
            # Not a live owner: its agents would wait 10 s for a heartbeat.
            fields[index] = r.choice(
                [0, -1] if index == 4 else
                [0, 1, 2**31 - 1, 2**32 - 1, 63, 65, page + state + 1])
        widths = [64, 32, 32, 64, 32, 32, 64]
        data = struct.pack("<QIIQIIQ", *(v % 2**w
                                         for v, w in zip(fields, widths)))
        size = r.choice([page + state, page + state, 40, page])
        return bytes(data) + bytes(max(0, size - len(data)))

    def runtime_env(self, runs):
        r = self.rng
        names = ["none", "device", "tdma", "host", "rtgate"]
        for _ in range(runs):
            env = {"OMP_TARGET_OFFLOAD": "MANDATORY",
                   "KMP_TEAMS_THREAD_LIMIT": "4",
                   "KMP_DEVICE_THREAD_LIMIT": "4"}
            files, expect = {}, None
            kind = r.randrange(7)
            if kind == 0:
                arbiter = r.choice(names + ["", "HOST", "tdma ", "x", "none,"])
                env["PREM_ARBITER"] = arbiter
                expect = arbiter in names + [""] and arbiter != "host"
            elif kind == 1:
                value, good = self.tdma()
                while good is None:
                    value, good = self.tdma()
                env.update(PREM_ARBITER="tdma", PREM_TDMA=value)
                expect = good or value == ""
            elif kind == 2:
                value, good = self.gate()
                env.update(PREM_ARBITER="rtgate", PREM_GATE=value)
                expect = good or value == ""
                if r.random() < 0.5:
                    value, good = self.watchdog()
                    env["PREM_GATE_WATCHDOG_NS"] = value
                    expect = expect and good
            elif kind in (3, 4):
                var, kind_name, arbiter = (
                    ("PREM_TOKEN_SHM", "token", "device") if kind == 3 else
                    ("PREM_GUARD_SHM", "guard", "host"))
                name = "/prem-fuzz-%d-%d" % (os.getpid(), len(self.cases))
                env.update({"PREM_ARBITER": arbiter, var: name})
                data = self.shm_object(kind_name)
                if data is not None:
                    files["/dev/shm" + name] = data
                expect = False  # no forged object is a live arbiter's
            elif kind == 5:
                env.update(PREM_ARBITER=r.choice(["device", "host"]),
                           PREM_TOKEN_SHM=self.text(),
                           PREM_GUARD_SHM=self.text())
            else:
                env["PREM_TRACE_FILE"] = r.choice([self.path("trace"),
                                                   self.bad_path()])
                expect = True  # a trace it cannot write is a warning
            self.add("runtime-env", [self.a.program], env, expect, files)

    def report_tool(self, runs):
        r = self.rng
        tool = [sys.executable, os.path.join(self.a.tools, "prem-report")]
        report = open(self.a.report, "rb").read()
        trace = open(self.a.trace, "rb").read()
        for _ in range(runs):
            if r.random() < 0.4:
                path = self.path("report.json")
                self.add("prem-report", tool + [path],
                         files={path: self.mutate_json(report)},
                         allowed=(2,))
                continue
            path = self.path("trace")
            data = trace
            for _ in range(r.randrange(0, 3)):
                data = (self.mutate_lines(data) if r.random() < 0.7
                        else self.mutate_bytes(data))
            options = []
            for option in r.sample(["--exclusive", "--cpu-from", "--tdma",
                                    "--host", "--gate", "--svg", "--agents",
                                    "--title", "--bogus"],
                                   r.randrange(0, 3)):
                if option in ("--exclusive", "--bogus"):
                    options.append(option)
                elif option == "--svg":
                    options += [option, r.choice([self.path("t.svg"),
                                                  self.bad_path()])]
                elif option == "--title":
                    options += [option, self.text()]
                else:
                    options += [option, ",".join(
                        self.number() for _ in range(r.randrange(1, 5)))]
            checks = {"--exclusive", "--tdma", "--host", "--gate"}
            self.add("prem-report", tool + ["--trace", path] + options,
                     files={path: data},
                     allowed=(1, 2) if checks & set(options) else (2,))
        for argv in ([], ["--trace"], ["--svg"], [self.scratch]):
            self.add("prem-report", tool + argv, allowed=(2,))

    def profile_tool(self, runs):
        r = self.rng
        tool = [sys.executable, os.path.join(self.a.tools, "prem-profile")]
        raw = open(self.a.raw, "rb").read()
        for _ in range(runs):
            path = self.path("raw")
            data = raw
            for _ in range(r.randrange(0, 3)):
                data = (self.mutate_lines(data) if r.random() < 0.8
                        else self.mutate_bytes(data))
            options = ["-o", r.choice([self.path("p.json"), self.path("p"),
                                       self.bad_path()])]
            for option in r.sample(["--model", "--l1-bytes", "--line",
                                    "--sector", "--ways", "--policy",
                                    "--fill", "--resident-warps", "--sms",
                                    "--table"], r.randrange(0, 3)):
                if option == "--table":
                    options.append(option)
                elif option in ("--model", "--policy", "--fill"):
                    options += [option, r.choice(["sm_90", "tx2", "seed000",
                                                  "lru", "fifo", "line",
                                                  "sector", "x"])]
                else:
                    options += [option, self.number()]
            self.add("prem-profile", tool + [path] + options,
                     files={path: data}, allowed=(2,))

    def guard_tools(self, runs):
        """prem-guard and prem-calibrate: good options with one or two
        replaced, dropped or added, over a program that uses no window
        (true), one that cannot be run, or none."""
        r = self.rng
        calibrate = [sys.executable,
                     os.path.join(self.a.tools, "prem-calibrate")]
        missing = os.path.join(self.scratch, "none")

        def options(good):
            argv = []
            for option, value in good:
                if r.random() < 0.15:
                    continue  # dropped
                if r.random() < 0.4:
                    value = self.number()
                argv += [option, value]
            if r.random() < 0.15:
                argv.insert(r.randrange(len(argv) + 1),
                            r.choice(["--bogus", "-x", "--e-memory", ""]))
            return argv
        for _ in range(runs):
            argv = options([("--e-memory", "100000"),
                            ("--e-compute", "100000")])
            tail = r.choice([["--", "true"]] * 3 +
                            [["--"], [], ["--", missing]])
            env = {}
            if r.random() < 0.3:
                env = {"PREM_GUARD_E_MEMORY_NS": self.number(),
                       "PREM_GUARD_E_COMPUTE_NS": self.number()}
            self.add("prem-guard", [self.a.guard] + argv + tail, env,
                     allowed=(2,))
        for _ in range(runs):
            argv = options([("--e-memory", "10000"), ("--e-compute", "10000"),
                            ("--factor", "2"), ("--max-steps", "3")])
            tail = r.choice([["--", self.a.guard, "--", "true"]] * 3 +
                            [["--", "true"], [], ["--", missing]])
            self.add("prem-calibrate", calibrate + argv + tail,
                     allowed=(1, 2))


def fields_of(value, least, most):
    """Whole-number fields as the runtime's env_field reads them (digits
    only, within 64 bits), or None."""
    fields = value.split(",")
    if not least <= len(fields) <= most:
        return None
    numbers = []
    for field in fields:
        if not field or not all("0" <= c <= "9" for c in field):
            return None
        if int(field) > U64:
            return None
        numbers.append(int(field))
    return numbers


def tdma_good(value):
    """Whether the runtime must take PREM_TDMA=value; None for a good
    table that could keep an agent waiting long (a round over 2 ms, or a
    start window, slot_ns - budget_ns, under 2 us)."""
    f = fields_of(value, 3, 4)
    if f is None:
        return False
    slot, slots, budget = f[:3]
    if not slot or not slots or slots > U32 or budget >= slot:
        return False
    if len(f) == 4 and f[3] >= slots:
        return False
    if slot * slots > U64:
        return False
    if slot - budget < 2000 or (slots > 1 and slot * slots > 2000000):
        return None
    return True


def gate_good(value):
    f = fields_of(value, 2, 3)
    return f is not None and f[0] > 0 and (len(f) == 2 or f[2] <= U32)


def watchdog_good(value):
    f = fields_of(value, 1, 1)
    return value == "" or (f is not None and f[0] > 0)


def message_lines(stderr):
    """stderr's lines less libomp's own and an argparse usage block."""
    lines, usage = [], False
    for line in stderr.splitlines():
        if line.startswith("usage:"):
            usage = True
            continue
        if usage and line.startswith(" "):
            continue
        usage = False
        if line.startswith("OMP: ") or not line.strip():
            continue
        lines.append(line)
    return lines


def judge(case, status, stderr, timed_out):
    group, argv, env, expect, files, allowed, most = case
    if timed_out:
        return "still running after the timeout (killed)"
    if status < 0:
        return "killed by signal %d" % -status
    for crash in ("Traceback (most recent call last)", "Stack dump",
                  "PLEASE submit a bug report"):
        if crash in stderr:
            return "a crash report on stderr (%s)" % crash
    if status == 0:
        return ("exit status 0 for input that must be refused"
                if expect is False else None)
    if status not in allowed:
        return "exit status %d (want 0 or %s)" % (
            status, " or ".join(map(str, allowed)))
    if expect is True:
        return "exit status %d for good input" % status
    lines = message_lines(stderr)
    if group == "prem-report" and status == 1 and not lines:
        return None  # a check's verdict, on stdout
    if not 1 <= len(lines) <= most:
        return "exit status %d with %d lines of message, want %s" % (
            status, len(lines), "one" if most == 1 else "1 to %d" % most)
    return None


def run(case, timeout, scratch):
    """Runs a case: (exit status, what is wrong or None, stderr). Its input
    files stay in scratch; a shared-memory object is removed, and a copy
    of it stays there."""
    group, argv, env, expect, files = case[:5]
    for path, data in files.items():
        copies = [path]
        if path.startswith("/dev/shm/"):
            copies.append(os.path.join(scratch, os.path.basename(path)))
        for copy in copies:
            with open(copy, "wb") as f:
                f.write(data)
    full_env = dict(os.environ)
    full_env.update(env)
    timed_out = False
    try:
        child = subprocess.Popen(argv, env=full_env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        try:
            _, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            _, err = child.communicate()
            timed_out = True
        status = child.returncode
    finally:
        for path in files:
            if path.startswith("/dev/shm/") and os.path.exists(path):
                os.unlink(path)
    left = []
    if group == "runtime-env":
        for leftover in glob.glob("/dev/shm/__KMP_REGISTERED_LIB_%d_*" %
                                  child.pid):
            left.append(leftover)
            os.unlink(leftover)
    stderr = err.decode(errors="replace")
    why = judge(case, status, stderr, timed_out)
    if not why and left:
        why = "left %s behind" % " ".join(left)
    return status, why, stderr


def main():
    ap = argparse.ArgumentParser()
    for name in ("opt", "plugin", "program", "report", "trace", "raw",
                 "profile", "tools", "guard", "scratch"):
        ap.add_argument("--" + name, required=True)
    ap.add_argument("--ir", action="append", required=True)
    args = ap.parse_args()
    try:
        seed = int(os.environ.get("PREM_FUZZ_SEED", "23"))
        scale = float(os.environ.get("PREM_FUZZ_RUNS", "1"))
    except ValueError:
        sys.exit("fuzz-inputs: PREM_FUZZ_SEED must be a whole number and "
                 "PREM_FUZZ_RUNS a number")
    fuzz = Fuzz(args, seed)

    def n(runs):
        return max(1, int(runs * scale))
    fuzz.opt_options(n(50))
    fuzz.opt_profiles(n(25))
    fuzz.runtime_env(n(90))
    fuzz.report_tool(n(80))
    fuzz.profile_tool(n(40))
    fuzz.guard_tools(n(20))
    print("fuzz-inputs: seed %d (PREM_FUZZ_SEED), %d runs" %
          (seed, len(fuzz.cases)), flush=True)
    failures, counts, start = 0, {}, time.time()
    for number, case in enumerate(fuzz.cases):
        group, argv, env = case[:3]
        status, why, stderr = run(case, 30 if group.startswith("opt") else 20,
                                  args.scratch)
        tally = counts.setdefault(group, {})
        tally[status] = tally.get(status, 0) + 1
        if why:
            failures += 1
            shown = stderr.strip().splitlines()[-3:]
            print("FAIL %s #%d: %s\n  env %s %s\n  stderr: %s" % (
                group, number, why,
                " ".join("%s=%s" % (k, shlex.quote(v))
                         for k, v in sorted(env.items())),
                " ".join(shlex.quote(a) for a in argv),
                " | ".join(shown) or "(empty)"), flush=True)
    for group, tally in counts.items():
        print("fuzz-inputs: %s: %s" % (group, ", ".join(
            "%d x status %d" % (c, s) for s, c in sorted(tally.items()))))
    print("fuzz-inputs: %d of %d runs failed (seed %d, %.0f s)" % (
        failures, len(fuzz.cases), seed, time.time() - start))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
