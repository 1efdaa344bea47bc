#!/usr/bin/env bash
# Installs Debian's chromium when it is missing (the e2e suite drives /usr/bin/chromium; Playwright's
# own browser download cannot work on this network).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "chromium not found at $CHROMIUM: installing Debian's chromium package" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
"$CHROMIUM" --version
