#!/usr/bin/env bash
# Installs the pinned Directus (tests/directus/package.json + its lockfile) for the CMS adapter's
# contract tests. Test-only: the root `npm install` never pulls it (510 MB; 3 to 10 minutes on 2 cores, as sqlite3, argon2 and isolated-vm build from source).
# 10.13.4 is the last line that runs on Node 20; newer majors need Node 22.
set -euo pipefail
cd "$(dirname "$0")/../tests/directus"
want="$(node -p "require('./package.json').dependencies.directus")"
have="$(node -p "try { require('./node_modules/directus/package.json').version } catch { '' }")"
if [ "$have" = "$want" ]; then
  echo "[directus] $have installed in tests/directus"
  exit 0
fi
echo "[directus] installing directus@$want into tests/directus (test-only, a few minutes: native modules build from source)"
# npm install, not npm ci: see .ci/run (the lockfile cannot list other platforms' optional binaries).
npm install --no-audit --no-fund --loglevel=error
