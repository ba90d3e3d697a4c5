#!/usr/bin/env bash
# The CI smoke fuzz: scripts/fuzz.sh for 60 seconds (plus the fuzz build). Fails on any crash, timeout or OOM.
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/fuzz.sh" 60
