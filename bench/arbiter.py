#!/usr/bin/env python3
"""Arbitration benchmark on host offload: the cost of one phase change per
policy, measured side by side in one run.

  python3 bench/arbiter.py [--reps 4000] [--rounds 5]

Builds bench/kernels/phase_change.c with prem-cc once per policy (none,
device). Each run has A agents (teams of one thread; A = 1, then 8 on this
machine's cores) call __prem_enter_mem and __prem_enter_comp `reps` times,
timing every call (8 x 4000 pairs fill the 65536-record trace exactly,
so every call stores its record). The two policies alternate round after round, so machine
drift hits them alike. Per policy and agent count it reports the median and
99th percentile of each call over all rounds, in ns, and the device/none
ratio of the medians.

- enter_mem under "device" includes the wait for the token: with one agent
  that is the cost of the ticket; with 8 agents on a few cores it is mostly
  waiting for the other agents' memory phases (the holder's time slice).
- Clock reads are inside the timed span of every call, under both policies.

Writes bench/results/<machine>/arbiter-phase-change.json and .md.
"""
import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import results_file  # noqa: E402

ROOT = os.path.dirname(HERE)
POLICIES = ["none", "device"]
AGENTS = [1, 8]
OFFLOAD = ["-O2", "-fopenmp", "-fopenmp-targets=x86_64-unknown-linux-gnu"]


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    ap = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=4000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--prem-cc", default=os.path.join(ROOT, "build", "bin",
                                                      "prem-cc"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench",
                                                  "arbiter"))
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)

    exes = {}
    for policy in POLICIES:
        exes[policy] = os.path.join(args.out, f"phase-change-{policy}")
        # The runtime's source is also compiled for the host: the target
        # region's host fallback calls the phase functions too.
        subprocess.run([sys.executable, args.prem_cc, *OFFLOAD,
                        f"-I{os.path.join(ROOT, 'include')}",
                        f"-fprem-arbiter={policy}",
                        os.path.join(HERE, "kernels", "phase_change.c"),
                        os.path.join(ROOT, "runtime", "device", "prem_rt.c"),
                        "-o", exes[policy]], check=True)

    env = dict(os.environ, OMP_TARGET_OFFLOAD="MANDATORY",
               KMP_TEAMS_THREAD_LIMIT="8", KMP_DEVICE_THREAD_LIMIT="8")
    samples = {(p, a, call): [] for p in POLICIES for a in AGENTS
               for call in ("enter", "leave")}
    for _ in range(args.rounds):
        for agents in AGENTS:
            for policy in POLICIES:
                out = subprocess.run([exes[policy], str(agents),
                                      str(args.reps)], env=env, check=True,
                                     capture_output=True, text=True).stdout
                for line in out.splitlines():
                    call, _, ns = line.split()
                    samples[(policy, agents, call)].append(int(ns))

    rows = []
    for agents in AGENTS:
        for policy in POLICIES:
            row = {"policy": policy, "agents": agents}
            for call, name in (("enter", "enter_mem"), ("leave", "enter_comp")):
                v = samples[(policy, agents, call)]
                row[f"{name}_median_ns"] = statistics.median(v)
                row[f"{name}_p99_ns"] = percentile(v, 0.99)
                row[f"{name}_max_ns"] = max(v)
            rows.append(row)
    ratios = {}
    for agents in AGENTS:
        none, device = (next(r for r in rows if r["policy"] == p and
                             r["agents"] == agents) for p in POLICIES)
        ratios[agents] = round(device["enter_mem_median_ns"] /
                               none["enter_mem_median_ns"], 3)

    result = results_file.new_result(
        "arbiter-phase-change", reps=args.reps, rounds=args.rounds,
        method="host offload; agents = teams of one thread; every call "
               "timed with CLOCK_MONOTONIC (clock reads included); policies "
               "alternate round by round",
        rows=rows, device_over_none_enter_mem_median=ratios)
    info = result["machine"]
    lines = ["# Phase-change cost per arbitration policy (host offload)", "",
             f"Machine: {info['cpu']}, {info['cores']} cores; "
             f"{result['date']}. {args.rounds} rounds x {args.reps} phase "
             "pairs per agent, policies side by side. ns per call (clock "
             "reads included).", "",
             "| policy | agents | enter_mem median | enter_mem p99 | "
             "enter_comp median | enter_comp p99 |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        lines.append(f"| {r['policy']} | {r['agents']} | "
                     f"{r['enter_mem_median_ns']:.0f} | "
                     f"{r['enter_mem_p99_ns']} | "
                     f"{r['enter_comp_median_ns']:.0f} | "
                     f"{r['enter_comp_p99_ns']} |")
    lines += ["", "device / none, enter_mem median: "
              + ", ".join(f"{a} agent(s) {r}" for a, r in ratios.items())]
    stem = results_file.write(args.results, "arbiter-phase-change", result,
                              lines)
    print("\n".join(lines))
    print(f"\nwritten: {stem}.json, {stem}.md")


if __name__ == "__main__":
    main()
