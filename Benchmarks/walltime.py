#!/usr/bin/env python3
"""Wall time of a command as a whole process, repeated: `walltime.py N -- CMD ARGS...`.

Prints median, p10-p90 and min-max in ms, then `median_ms VALUE`. Output of the command is discarded; a
non-zero exit is reported (validators exit 1 on findings) but does not stop the timing.
"""
import statistics
import subprocess
import sys
import time


def main() -> None:
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit("usage: walltime.py N -- CMD ARGS...")
    repetitions = int(sys.argv[1])
    command = sys.argv[3:]
    status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode  # warm-up
    times = []
    for _ in range(repetitions):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p10 = times[round(0.1 * (len(times) - 1))]
    p90 = times[round(0.9 * (len(times) - 1))]
    print(
        f"{' '.join(command[:3])}...: {statistics.median(times):.1f} ms "
        f"(p10-p90 {p10:.1f}-{p90:.1f}, min-max {times[0]:.1f}-{times[-1]:.1f}, n={len(times)}, exit {status})"
    )
    print(f"median_ms {statistics.median(times):.3f}")


if __name__ == "__main__":
    main()
