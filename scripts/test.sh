#!/usr/bin/env bash
# The whole test suite: typecheck, lint, integration tests against real PostgreSQL, and the
# end-to-end tests in Debian's Chromium. Installs what a fresh machine lacks.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== installing npm packages"
  npm ci --no-audit --no-fund
fi

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium for the end-to-end tests"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if [ ! -x /usr/sbin/haproxy ] || ! command -v openssl >/dev/null; then
  echo "== installing Debian's haproxy (and openssl) for the proxy test (deploy/haproxy.cfg)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy openssl >/dev/null
fi

mkdir -p .data/reports
echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint
echo "== format (Prettier; npm run format writes it)"; npm run --silent format:check
echo "== web first-load budgets (builds the app; apps/web/route-budgets.ts)"
npx tsx scripts/check-web-budgets.ts --json .data/reports/web-budgets.json
echo "== integration tests (Vitest, real PostgreSQL)"
# A failing runner does not stop the other: both run, and the summary names every failure.
rm -f .data/reports/vitest.json .data/reports/playwright.json
vitest_rc=0; playwright_rc=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.data/reports/vitest.json || vitest_rc=$?
echo "== end-to-end tests (Playwright, Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.data/reports/playwright.json npx playwright test --reporter=list,json || playwright_rc=$?

node scripts/test-summary.mjs .data/reports/vitest.json .data/reports/playwright.json
if [ "$vitest_rc" -ne 0 ] || [ "$playwright_rc" -ne 0 ]; then
  echo "a test runner exited with an error (vitest $vitest_rc, playwright $playwright_rc)"
  exit 1
fi
