#!/usr/bin/env bash
# flowrun side by side with its peers, in one run: prints each figure and flowrun's ratio.
#   1. sismic interpreting a 10-state loop statechart vs flowrun's interpreter on the same loop (steps/s);
#   2. check-jsonschema validating flow files against schemas/flow.schema.json vs `flowrun validate` (wall time).
# Usage: Benchmarks/compare.sh            (from anywhere; builds flowrun and flowrun-bench in release once)
# Env:   SCRATCH (default .build-bench), REPS (wall-time repetitions, default 7), STEPS (sismic steps, 50000)
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build-bench}
REPS=${REPS:-7}
STEPS=${STEPS:-50000}

python3 -c 'import sismic' 2>/dev/null || python3 -m pip install -q sismic
command -v check-jsonschema >/dev/null 2>&1 || python3 -m pip install -q check-jsonschema

build_log=$(mktemp /tmp/flowrun-compare-build.XXXXXX)
for product in flowrun flowrun-bench; do
    nice -n 5 swift build -c release --scratch-path "$SCRATCH" --product "$product" >"$build_log" 2>&1 \
        || { tail -40 "$build_log"; echo "compare.sh: building $product failed" >&2; exit 1; }
done
rm -f "$build_log"
BIN="$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path 2>/dev/null)"
BENCH="$BIN/flowrun-bench"
FLOWRUN="$BIN/flowrun"

ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.3g}')" "$1" "$2"; }
median_of() { sed -n "s/^$1 //p" | tail -1; }
# The median of a flowrun-bench figure line `LABEL: 1,234,567 steps/s (...)`.
figure() { grep -F "$1" | head -1 | sed 's/^[^:]*: \([0-9,.]*\) .*/\1/' | tr -d ,; }

echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/{print $2}') GiB RAM, load $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "== 1. interpreter: a 10-state loop =="
sismic_event=$(python3 Benchmarks/sismic_loop.py --states 10 --steps "$STEPS" | tee >(cat >&2) | median_of median_steps_per_s)
sismic_auto=$(python3 Benchmarks/sismic_loop.py --states 10 --steps "$STEPS" --eventless | tee >(cat >&2) | median_of median_steps_per_s)
flowrun_out=$("$BENCH" interpreter --cases loop --cases ask-loop --repetitions 5)
echo "$flowrun_out" | grep -F "steps/s"
flowrun_ask=$(echo "$flowrun_out" | figure "10-state loop (ask steps")
flowrun_set=$(echo "$flowrun_out" | figure "10-state loop (set steps")
echo "ratio flowrun/sismic, event-driven loop (flowrun ask steps vs sismic events): $(ratio "$flowrun_ask" "$sismic_event")× (target ≥ 100)"
echo "ratio flowrun/sismic, automatic loop (flowrun set steps vs sismic eventless): $(ratio "$flowrun_set" "$sismic_auto")× (target ≥ 50)"

echo
echo "== 2. validation: check-jsonschema (schema only) vs flowrun validate (loader + every checker rule) =="
work=$(mktemp -d /tmp/flowrun-compare.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$BENCH" loader --sizes 10000 --sizes 1000000 --repetitions 1 --write-to "$work" >/dev/null
for set in library generated; do
    if [ "$set" = library ]; then files=(flows/*.yaml); label="the library, ${#files[@]} files in flows/"
    else files=("$work"/generated-10000.yaml "$work"/generated-1000000.yaml); label="generated 10 KB + 1 MB files"; fi
    # check-jsonschema takes over 10 s on the generated pair: fewer repetitions there.
    reps=$REPS; [ "$set" = generated ] && reps=$(( REPS < 3 ? REPS : 3 ))
    cj=$(python3 Benchmarks/walltime.py "$reps" -- check-jsonschema --schemafile schemas/flow.schema.json "${files[@]}" | tee >(cat >&2) | median_of median_ms)
    fr=$(python3 Benchmarks/walltime.py "$reps" -- "$FLOWRUN" validate "${files[@]}" | tee >(cat >&2) | median_of median_ms)
    echo "ratio flowrun validate / check-jsonschema wall time, $label: $(ratio "$fr" "$cj")× (target ≤ 0.1)"
done
fr_dir=$(python3 Benchmarks/walltime.py "$REPS" -- "$FLOWRUN" validate flows/ | tee >(cat >&2) | median_of median_ms)
echo "(flowrun validate flows/ — the folder, scenario files skipped as flowrun skips them: ${fr_dir} ms)"
