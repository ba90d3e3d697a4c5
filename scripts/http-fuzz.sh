#!/usr/bin/env bash
# Fuzzes `flowrun serve --flows flows` over HTTP with schemathesis, from schemas/native-auth.openapi.yaml (the wire
# API) and schemas/flow-api.openapi.yaml (the flow runner's API): no 5xx, no crash, every status, content type,
# header and body as the specs say, resources gone after DELETE (schemathesis's stateful phase follows the links). MAX_EXAMPLES (default 30) bounds the test cases
# per operation and phase.
#
#   scripts/http-fuzz.sh           # about a minute
#   scripts/http-fuzz.sh 200       # longer
#
# Environment: FLOWRUN, the flowrun binary (default: built with `swift build --product flowrun`);
# HTTP_FUZZ_SEED, schemathesis's random seed (default: a new one each run; it is printed);
# HTTP_FUZZ_ARGS, more `schemathesis run` options; HTTP_FUZZ_PIN=0, generate the tenant and client_id too.
# Reports (JUnit, the server's log, schemathesis's cache) go to .build-http-fuzz/ (outside git). Exits non-zero
# on any failure, or when the server dies or does not stop cleanly on SIGTERM.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

max_examples=${1:-30}
if ! [[ $max_examples =~ ^[0-9]+$ ]] || ((max_examples < 1)); then
    echo "usage: scripts/http-fuzz.sh [MAX_EXAMPLES]" >&2
    exit 2
fi
tenant=contoso
client_id=00000000-0000-0000-0000-00000000c11e  # ClientConfiguration.defaultClientID
root=$PWD
reports=$root/.build-http-fuzz
mkdir -p "$reports"

if ! command -v schemathesis >/dev/null 2>&1 || ! schemathesis --version >/dev/null 2>&1; then
    echo "==> installing schemathesis"
    python3 -m pip install -q schemathesis
fi
echo "==> $(schemathesis --version)"

if [[ -z ${FLOWRUN:-} ]]; then
    echo "==> building flowrun"
    swift build --product flowrun
    FLOWRUN=$(swift build --show-bin-path)/flowrun
fi
[[ -x $FLOWRUN ]] || { echo "not an executable: $FLOWRUN" >&2; exit 2; }

work=$(mktemp -d)
server_pid=
cleanup() {
    if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The standard tenant with a cheap password hash: schemathesis sends many passwords.
cat >"$work/authority.yaml" <<EOF
tenant: $tenant
passwordHash:
  iterations: 1000
EOF
# Every operation is called on the configured tenant and with its client (other values only reach the
# tenant and client checks); HTTP_FUZZ_PIN=0 lets schemathesis generate those too.
if [[ ${HTTP_FUZZ_PIN:-1} == 0 ]]; then
    : >"$work/schemathesis.toml"
else
    printf '[parameters]\n"path.tenant" = "%s"\n"body.client_id" = "%s"\n' "$tenant" "$client_id" \
        >"$work/schemathesis.toml"
fi

echo "==> starting flowrun serve"
"$FLOWRUN" serve --port 0 --state-dir "$work/state" --config "$work/authority.yaml" --flows flows --dev-outbox \
    >"$work/serve.out" 2>"$reports/serve.log" &
server_pid=$!
url=
for _ in $(seq 1 100); do
    url=$(sed -n 's|^flowrun serve: listening on \(http://[^/]*\)/.*$|\1|p' "$work/serve.out")
    [[ -n $url ]] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "flowrun serve exited:" >&2; cat "$reports/serve.log" >&2; exit 1; }
    sleep 0.1
done
[[ -n $url ]] || { echo "flowrun serve did not start in 10 s" >&2; exit 1; }
echo "    listening on $url"

seed=${HTTP_FUZZ_SEED:-$RANDOM$RANDOM}
# Every check but positive_data_acceptance: data the schema allows is rightly answered 400 when it depends on
# the server's state — a continuation token it did not issue, an input name the session's ask does not take.
checks="--checks all --exclude-checks positive_data_acceptance"
status=0
# From .build-http-fuzz/, so that schemathesis keeps its cache (failures it replays first) there, outside git.
for api in native-auth flow-api; do
    echo "==> schemathesis run $api (max examples $max_examples, seed $seed)"
    config=$work/schemathesis.toml
    [[ $api == flow-api ]] && config=/dev/null  # no tenant or client in the flow API's paths and bodies
    # shellcheck disable=SC2086
    (cd "$reports" && schemathesis --config-file "$config" run "$root/schemas/$api.openapi.yaml" \
        --url "$url" $checks \
        --max-examples "$max_examples" --seed "$seed" --workers 1 --request-timeout 10 --no-color \
        --report junit --report-dir "$reports/$api" ${HTTP_FUZZ_ARGS:-}) || status=$?
done

if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "==> HTTP FUZZING FAILED: flowrun serve died; its log is $reports/serve.log" >&2
    tail -n 40 "$reports/serve.log" >&2
    exit 1
fi
kill -TERM "$server_pid"
server_status=0
wait "$server_pid" || server_status=$?
server_pid=
if ((server_status != 0)); then
    echo "==> HTTP FUZZING FAILED: flowrun serve exited $server_status on SIGTERM" >&2
    exit 1
fi
if ((status != 0)); then
    echo "==> HTTP FUZZING FAILED (schemathesis exit $status, seed $seed); server log: $reports/serve.log" >&2
    exit 1
fi
echo "==> no failures (seed $seed)"
