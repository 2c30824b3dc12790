#!/usr/bin/env python3
"""Compares commands by interleaved runs: every round runs each configuration once, in a random
order, so a host whose speed drifts (this one moved by 1.7x within minutes) slows them alike.
Prints each configuration's median and minimum wall time, median CPU time and highest peak RSS.

  scripts/interleave.py ROUNDS NAME=BINARY[@GLIBC_TUNABLES] ... -- ARGUMENTS...

@OUT@ in the arguments becomes a new folder per run (all removed at the end), so that no run
writes where another just deleted its files (see docs/performance.md, "Benchmark hygiene"). The runs go
under $TMPDIR/routegen-bench-runs, the folder scripts/bench.sh uses. Example:

  scripts/interleave.py 21 before=/tmp/routegen-before after=.build/release/routegen \\
      -- generate /tmp/s1k.routes --output @OUT@
"""
import os, random, shutil, statistics, subprocess, sys, tempfile, time

def main():
    if len(sys.argv) < 4 or "--" not in sys.argv:
        sys.exit(__doc__)
    split = sys.argv.index("--")
    rounds = int(sys.argv[1])
    configs = []
    for spec in sys.argv[2:split]:
        name, _, rest = spec.partition("=")
        binary, _, tunables = rest.partition("@")
        configs.append((name, binary, tunables))
    arguments = sys.argv[split + 1:]
    # Beside scripts/bench.sh's runs, in a folder marked `chattr +T`: a folder of /tmp shares its
    # block group with whatever else deletes files there, and on ext4 without a journal creating a
    # file then first skips every inode freed in the last 30 s or more (performance.md, "Benchmark hygiene").
    runs = os.path.join(tempfile.gettempdir(), "routegen-bench-runs")
    os.makedirs(runs, exist_ok=True)
    try:
        subprocess.run(["chattr", "+T", runs], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        pass  # no chattr: another file system, where nothing changes
    scratch = tempfile.mkdtemp(prefix="interleave-", dir=runs)
    results = {name: {"wall": [], "cpu": [], "rss": []} for name, _, _ in configs}
    try:
        for round_index in range(rounds):
            order = configs[:]
            random.shuffle(order)
            for name, binary, tunables in order:
                output = os.path.join(scratch, "%s-%d" % (name, round_index))
                env = dict(os.environ)
                if tunables:
                    env["GLIBC_TUNABLES"] = tunables
                start = time.perf_counter()
                process = subprocess.Popen([binary] + [a.replace("@OUT@", output) for a in arguments],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                _, status, usage = os.wait4(process.pid, 0)
                wall = time.perf_counter() - start
                if status != 0:
                    sys.exit("%s exited with status %d" % (name, status))
                results[name]["wall"].append(wall)
                results[name]["cpu"].append(usage.ru_utime + usage.ru_stime)
                results[name]["rss"].append(usage.ru_maxrss)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for name, _, _ in configs:
        r = results[name]
        print("%-12s wall median %8.1f ms (min %8.1f)  CPU median %8.1f ms  peak RSS %6.1f MB" % (
            name, statistics.median(r["wall"]) * 1000, min(r["wall"]) * 1000,
            statistics.median(r["cpu"]) * 1000, max(r["rss"]) / 1024))

main()
