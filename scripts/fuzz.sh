#!/usr/bin/env bash
# Fuzzes the flow loader and checker with libFuzzer for SECONDS (default 60): builds the Fuzz/ package with
# -sanitize=fuzzer,address into .build-fuzz/ (incremental after the first build), seeds a corpus with flows/,
# schemas/tests/ and generated hostile inputs, and runs. Any crash, sanitizer report, slow input (over 2 s of CPU
# time, measured by the target itself so that a busy machine does not make findings; libFuzzer's wall-clock
# -timeout of 30 s catches real hangs) or out-of-memory (over 2 GiB) fails the run; the input that caused it is
# saved in .build-fuzz/crashes/ (outside git). Replay one with `.build-fuzz/release/FlowFuzz FILE`.
#
#   scripts/fuzz.sh 1800     # half an hour; the corpus in .build-fuzz/corpus grows from run to run
#
# Environment: FUZZ_ARGS adds libFuzzer flags (e.g. FUZZ_ARGS=-use_value_profile=1); FUZZ_NICE (default 15) is the
# nice level; FUZZ_SKIP_BUILD=1 reuses the last build; FLOWFUZZ_CPU_LIMIT (seconds, default 2) and FUZZ_TIMEOUT
# (seconds, default 30) are the two time limits.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-60}
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
    echo "usage: scripts/fuzz.sh SECONDS" >&2
    exit 2
fi
scratch=$PWD/.build-fuzz
nice_level=${FUZZ_NICE:-15}

binary=$scratch/release/FlowFuzz
if [[ ${FUZZ_SKIP_BUILD:-0} == 1 && -x $binary ]]; then
    echo "==> reusing $binary (FUZZ_SKIP_BUILD=1)"
else
    echo "==> building the fuzz target (Fuzz/, scratch path .build-fuzz)"
    build_start=$SECONDS
    (cd Fuzz && nice -n "$nice_level" swift build -c release --scratch-path "$scratch" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address)
    echo "built in $((SECONDS - build_start)) s"
fi

corpus=$scratch/corpus
seeds=$scratch/seeds
crashes=$scratch/crashes
mkdir -p "$corpus" "$crashes"
rm -rf "$seeds"
mkdir -p "$seeds"

# Seeds: every flow, schema fixture and hostile-corpus file up to -max_len (named after its path), and
# generated hostile inputs.
while IFS= read -r -d '' seed; do
    cp "$seed" "$seeds/$(echo "$seed" | tr '/' '_')"
done < <(find flows schemas/tests Tests/FlowLoaderTests/HostileCorpus -type f -size -65537c \
    \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) -print0 2>/dev/null)
python3 - "$seeds" <<'EOF'
import sys, os
out = sys.argv[1]
minimal = "flowrun: 1\nid: f\nstart: s\nsteps:\n  s: { end: success }\n"
seeds = {
    "hostile-empty.yaml": b"",
    "hostile-whitespace.yaml": b"  \n\t\n   \n",
    "hostile-bom.yaml": b"\xef\xbb\xbf" + minimal.encode(),
    "hostile-tabs.yaml": minimal.replace("  s:", "\ts:").encode(),
    "hostile-invalid-utf8.yaml": minimal.encode() + b"title: \xc3\x28\xff\n",
    "hostile-duplicate-keys.yaml": (minimal + "id: g\nsteps: {}\n").encode(),
    "hostile-wrong-types.yaml": b"flowrun: '1'\nid: [a]\nstart: {x: 1}\nsteps: [1, 2]\ntitle: 42\n",
    "hostile-numbers.yaml": b"flowrun: 1e400\nid: 0x1F\nstart: .nan\nsteps: { s: { end: -.inf } }\n",
    "hostile-huge-string.yaml": (minimal + "title: " + "x" * 60000 + "\n").encode(),
    "hostile-deep-flow.yaml": b"a: " + b"[" * 10000 + b"]" * 10000 + b"\n",
    "hostile-deep-block.yaml": "".join("  " * i + "k:\n" for i in range(300)).encode(),
    "hostile-deep.json": b"[" * 10000 + b"]" * 10000,
    "hostile-trailing-comma.json": b'{"flowrun": 1, "id": "f", "start": "s", "steps": {"s": {"end": "success"},},}',
    "hostile-self-loop.yaml": b"flowrun: 1\nid: f\nstart: s\nsteps:\n  s: { set: { a: x }, next: s }\n",
    "hostile-use-cycle.yaml": b"flowrun: 1\nid: f\nstart: s\nsteps:\n  s: { use: hostile-use-cycle.yaml, on: { success: { end: success } } }\n",
    "hostile-use-outside.yaml": b"flowrun: 1\nid: f\nstart: s\nsteps:\n  s: { use: ../../etc/passwd.yaml, on: { success: { end: success } } }\n",
    "hostile-unicode-steps.yaml": "flowrun: 1\nid: f\nstart: \u00e9tape\nsteps:\n  \u00e9tape: { next: \U0001F600 }\n  \U0001F600: { end: success }\n".encode(),
    "hostile-many-steps.yaml": ("flowrun: 1\nid: f\nstart: s0\nsteps:\n"
        + "".join(f"  s{i}: {{ set: {{ a: x }}, next: s{i + 1} }}\n" for i in range(2000))
        + "  s2000: { end: success }\n").encode(),
}
lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
names = "abcdefghi"
for previous, name in zip(names, names[1:]):
    lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
seeds["hostile-alias-bomb.yaml"] = ("\n".join(lines) + "\n").encode()
for name, data in seeds.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
EOF
echo "==> fuzzing for $seconds s ($(ls "$seeds" | wc -l) seeds, corpus $(ls "$corpus" | wc -l) inputs)"

log=$scratch/fuzz.log
export FLOWFUZZ_CPU_LIMIT=${FLOWFUZZ_CPU_LIMIT:-2}
export SWIFT_BACKTRACE=enable=no  # libFuzzer and ASan report crashes; the Swift backtracer would only slow them
fuzzer_pid=
stop() {
    if [[ -n $fuzzer_pid ]] && kill -0 "$fuzzer_pid" 2>/dev/null; then
        kill -INT "$fuzzer_pid" 2>/dev/null || true
        wait "$fuzzer_pid" 2>/dev/null || true
    fi
}
trap stop EXIT
trap 'stop; exit 130' INT TERM
# Wall-clock "slow units" are not findings on a shared machine: the target itself fails any input over 2 s of CPU.
findings() { find "$crashes" -type f ! -name 'slow-unit-*' | wc -l; }
before=$(findings)
# The corpus folder comes first: libFuzzer writes new interesting inputs there, and only reads the seeds.
# shellcheck disable=SC2086
nice -n "$nice_level" "$binary" "$corpus" "$seeds" \
    -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=2048 -max_len=65536 -dict=Fuzz/flow.dict \
    -artifact_prefix="$crashes/" -report_slow_units=3600 -print_final_stats=1 ${FUZZ_ARGS:-} >"$log" 2>&1 &
fuzzer_pid=$!
status=0
wait "$fuzzer_pid" || status=$?
fuzzer_pid=
after=$(findings)

grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$log" || true
if ((status != 0 || after > before)); then
    echo "==> FUZZING FAILED (exit $status); the end of $log:" >&2
    tail -n 60 "$log" >&2
    echo "new inputs in $crashes:" >&2
    ls -t "$crashes" | head -n $((after - before > 0 ? after - before : 5)) | sed "s|^|  $crashes/|" >&2
    exit 1
fi
echo "==> no findings in $seconds s; corpus now $(ls "$corpus" | wc -l) inputs"
