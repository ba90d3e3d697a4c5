#!/usr/bin/env bash
# Runs Microsoft's MSAL.js native-auth client (the published @azure/msal-browser package) against
# `flowrun serve` in headless Chromium: one line per journey, then `N passed, M failed`.
#
#   scripts/msal-conformance.sh PATH_TO_MSAL_BROWSER_PACKAGE [--only TEXT] [--keep]
#
# FLOWRUN (default: the debug build's flowrun) is the binary served. Needs python3 and Debian's chromium.
# Exit 0 when every journey passed, 1 when one failed, 2 when the run could not be made.
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: scripts/msal-conformance.sh PATH_TO_MSAL_BROWSER_PACKAGE [--only TEXT] [--keep]" >&2
    exit 2
fi
package=$(cd "$1" 2>/dev/null && pwd) || package=$1  # relative to where it was called from
shift
cd "$(dirname "${BASH_SOURCE[0]}")/.."
flowrun=${FLOWRUN:-$(swift build --show-bin-path)/flowrun}
exec python3 scripts/msal-conformance/run.py "$flowrun" "$package" "$@"
