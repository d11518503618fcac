#!/usr/bin/env python3
"""Runs shell commands at the same time, for tests whose compiles are slow.

  run-parallel.py 'command' 'command' ...

Each argument is one shell command (redirections included). Waits for all;
prints each failed command with its output and exits 1 when any failed.
"""
import subprocess
import sys


def main():
    jobs = [(c, subprocess.Popen(c, shell=True, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True))
            for c in sys.argv[1:]]
    failed = 0
    for command, p in jobs:
        out, _ = p.communicate()
        if p.returncode:
            failed += 1
            print(f"run-parallel.py: exit {p.returncode}: {command}\n{out}",
                  file=sys.stderr)
        elif out:
            sys.stdout.write(out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
