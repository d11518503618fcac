"""Runs a program in a bad run-time environment and checks how it ends.

  env-case.py [--status N] [--timeout S] [--shm VAR KIND FORM] -- CMD...

Runs CMD (its stdout discarded) and copies its stderr to this script's
stdout, for FileCheck. Succeeds only when CMD exits with status N (default 1)
within S seconds (default 20): a crash (a signal) or a hang fails, with a
line saying which. So does a run that leaves libomp's registration object
(/dev/shm/__KMP_REGISTERED_LIB_<pid>_<uid>) behind, which is removed.

--shm: before CMD runs, a POSIX shared-memory object /prem-lit-PID-FORM is
made in /dev/shm and VAR (PREM_GUARD_SHM or PREM_TOKEN_SHM) names it; it is
removed when CMD ends, whatever happened. KIND is guard or token (the layout
of prem_rt.h: a prem_shm_header, the state a page further on). FORM:
  missing  no object (VAR names one that does not exist)
  empty    0 bytes
  byte     1 byte
  random   random bytes, as large as a prem object
  version  a header of the kind, version 99
  size     a header of the kind with a state too small for it
  dead     a header of the kind whose owner died (a child that has been
           reaped)
  stale    (guard) a live owner (this script), heartbeat 20 s old
  dies     (guard) a live owner that dies 0.3 s after CMD starts, heartbeat
           now: the arbiter dies while the program waits for a window
  stops    (guard) a live owner (this script), heartbeat now, never moved:
           the arbiter stops while the program waits for a window
"""
import glob
import os
import struct
import subprocess
import sys
import time

MAGIC = {"token": 0x314E454B4F544D50, "guard": 0x3144524155474D50}
STATE_BYTES = {"token": 24, "guard": 32}  # sizeof(prem_token), (prem_guard)
PAGE = max(os.sysconf("SC_PAGE_SIZE"), 4096)


def header(kind, pid, heartbeat, version=1, state_bytes=None):
    size = PAGE + (STATE_BYTES[kind] if state_bytes is None else state_bytes)
    # magic, version, state_offset, size, owner_pid, reserved, heartbeat_ns
    head = struct.pack("<QIIQiIQ", MAGIC[kind], version, PAGE, size, pid, 0,
                       heartbeat)
    return head + bytes(size - len(head))


def dead_pid():
    child = subprocess.Popen(["true"])
    child.wait()  # reaped: kill(pid, 0) fails with ESRCH
    return child.pid


def main(argv):
    status, timeout, shm = 1, 20.0, None
    i = 0
    while argv[i] != "--":
        if argv[i] == "--status":
            status, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--timeout":
            timeout, i = float(argv[i + 1]), i + 2
        elif argv[i] == "--shm":
            shm, i = argv[i + 1:i + 4], i + 4
        else:
            sys.exit("env-case.py: unknown option " + argv[i])
    cmd = argv[i + 1:]
    env = dict(os.environ)
    path = owner = None
    left = []
    if shm:
        var, kind, form = shm
        name = "/prem-lit-%d-%s-%s" % (os.getpid(), kind, form)
        path = "/dev/shm" + name
        env[var] = name
        now = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        content = {
            "missing": None,
            "empty": b"",
            "byte": b"\x01",
            "random": os.urandom(PAGE + STATE_BYTES[kind]),
            "version": header(kind, os.getpid(), now, version=99),
            "size": header(kind, os.getpid(), now, state_bytes=8),
            "stale": header(kind, os.getpid(), now - 20 * 10**9),
            "stops": header(kind, os.getpid(), now),
        }
        if form == "dead":
            content[form] = header(kind, dead_pid(), now)
        elif form == "dies":
            owner = subprocess.Popen(["sleep", "0.3"])
            content[form] = header(kind, owner.pid, now)
        data = content[form]
        if data is not None:
            with open(path, "wb") as f:
                f.write(data)
    try:
        child = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.PIPE)
        if owner:
            owner.wait()  # reaped: the arbiter is gone
        try:
            _, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            _, err = child.communicate()
            sys.stdout.write(err.decode(errors="replace"))
            print("env-case: still running after %g s (killed)" % timeout)
            return 1
    finally:
        if path and os.path.exists(path):
            os.unlink(path)
        # libomp's registration object, named after the process (and the
        # user): libomp removes it when the program ends, but not after
        # _Exit, unless the runtime does.
        if "child" in locals():
            for pattern in ("/dev/shm/__KMP_REGISTERED_LIB_%d",
                            "/dev/shm/__KMP_REGISTERED_LIB_%d_*"):
                for leftover in glob.glob(pattern % child.pid):
                    left.append(leftover)
                    os.unlink(leftover)
    sys.stdout.write(err.decode(errors="replace"))
    for leftover in left:
        print("env-case: left behind %s (removed)" % leftover)
    if left:
        return 1
    if child.returncode < 0:
        print("env-case: killed by signal %d" % -child.returncode)
        return 1
    if child.returncode != status:
        print("env-case: exit status %d, want %d" % (child.returncode, status))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
