#!/usr/bin/env bash
# The whole suite, in the order a failure is cheapest to find: lint, types, unit + API tests (with a
# throwaway PostgreSQL for the store contract suite's second leg and the multi-instance test),
# the 200-run outbox chaos test (QUALITY R1),
# production build (and its size budget), then e2e in Debian's Chromium against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
bash scripts/ensure-postgres.sh
npm run lint
npm run typecheck
bash scripts/with-postgres.sh npx vitest run
npm run test:reliability
npm run build
node scripts/check-bundle-size.mjs dist
npx playwright test
