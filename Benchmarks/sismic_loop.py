#!/usr/bin/env python3
"""sismic interpreting a generated statechart: a loop of N states, one transition per step.

Prints steps/s as median, p10-p90 and min-max over the repetitions, then a last line
`median_steps_per_s VALUE` for Benchmarks/compare.sh.
"""
import argparse
import statistics
import time

from sismic.interpreter import Interpreter
from sismic.io import import_from_yaml


def loop_chart(states: int, eventless: bool) -> str:
    lines = [
        "statechart:",
        "  name: loop",
        "  root state:",
        "    name: root",
        "    initial: s0",
        "    states:",
    ]
    for index in range(states):
        lines += [
            f"      - name: s{index}",
            "        transitions:",
            f"          - target: s{(index + 1) % states}",
        ]
        if not eventless:
            lines.append("            event: next")
    return "\n".join(lines) + "\n"


def percentile(values, p):
    ordered = sorted(values)
    rank = round(p / 100 * (len(ordered) - 1))
    return ordered[min(max(rank, 0), len(ordered) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=10)
    parser.add_argument("--steps", type=int, default=50_000, help="steps per repetition")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--eventless", action="store_true", help="automatic transitions instead of `next` events")
    args = parser.parse_args()

    chart = import_from_yaml(loop_chart(args.states, args.eventless))
    rates = []
    for _ in range(args.repetitions):
        interpreter = Interpreter(chart)
        interpreter.execute_once()  # enter the initial state
        start = time.perf_counter()
        for _ in range(args.steps):
            if not args.eventless:
                interpreter.queue("next")
            step = interpreter.execute_once()
            assert step is not None
        rates.append(args.steps / (time.perf_counter() - start))
    kind = "eventless" if args.eventless else "event-driven"
    print(
        f"sismic {args.states}-state loop ({kind}): {statistics.median(rates):,.0f} steps/s "
        f"(p10-p90 {percentile(rates, 10):,.0f}-{percentile(rates, 90):,.0f}, "
        f"min-max {min(rates):,.0f}-{max(rates):,.0f}, n={len(rates)})"
    )
    print(f"median_steps_per_s {statistics.median(rates):.1f}")


if __name__ == "__main__":
    main()
