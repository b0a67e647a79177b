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

if [ ! -x /usr/bin/systemd-analyze ]; then
  echo "== installing Debian's systemd (systemd-analyze verify checks the units in deploy/)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq systemd >/dev/null
fi

if [ ! -x /usr/sbin/haproxy ] || ! command -v openssl >/dev/null; then
  echo "== installing Debian's haproxy (and openssl) for the proxy test (deploy/haproxy.cfg)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy openssl >/dev/null
fi

mkdir -p .data/reports
rm -f .data/reports/*.json.tmp .data/reports/vitest.json .data/reports/vitest.rc .data/reports/playwright*.json

# The checks before the tests are each one process on one core: they run side by side (two cores
# here), each into its own log, printed in order once all have finished. The web budgets' build
# (apps/web/route-budgets.ts) is also the build the end-to-end servers serve, so it is made once.
echo "== typecheck, lint, format (Prettier; npm run format writes it) and web first-load budgets, side by side"
run_logged() {
  local name=$1; shift
  local rc=0
  "$@" >".data/reports/$name.log" 2>&1 || rc=$?
  echo "$rc" >".data/reports/$name.rc"
}
run_logged typecheck npm run --silent typecheck &
run_logged lint npm run --silent lint &
run_logged format npm run --silent format:check &
run_logged web-budgets npx tsx scripts/check-web-budgets.ts --json .data/reports/web-budgets.json &
wait
checks_failed=""
for name in typecheck lint format web-budgets; do
  echo "== $name (exit $(cat .data/reports/$name.rc))"
  cat ".data/reports/$name.log"
  [ "$(cat .data/reports/$name.rc)" = "0" ] || checks_failed="$checks_failed $name"
done
if [ -n "$checks_failed" ]; then
  echo "failed before the tests:$checks_failed"
  exit 1
fi
# The build the e2e servers serve: the budgets' build without its manifest (source paths, not public).
rm -rf .data/e2e-web && cp -r .data/web-budgets .data/e2e-web && rm -rf .data/e2e-web/.vite

echo "== integration tests (Vitest, real PostgreSQL)"
# A failing runner does not stop the other: both run, and the summary names every failure.
vitest_rc=0; playwright_rc=0
# WEB_DIST_DIR: the build above, read by the tests of the pages the API serves (browser-security.test.ts).
run_vitest() {
  WEB_DIST_DIR="$PWD/.data/e2e-web" npx vitest run --reporter=default --reporter=json --outputFile.json=.data/reports/vitest.json
}
# TEST_OVERLAP=1 runs Vitest beside the end-to-end tests instead of before them (its output goes to
# .data/reports/vitest.log, printed when both have finished). Not the default: a whole run uses
# about one of the two cores on average, but whether the overlap is faster on this machine, and
# stays green under that load, has not been measured yet (docs/decisions/testing.md).
vitest_pid=""
if [ "${TEST_OVERLAP:-0}" = "1" ]; then
  echo "   (TEST_OVERLAP=1: beside the end-to-end tests, output in .data/reports/vitest.log)"
  ( rc=0; run_vitest >.data/reports/vitest.log 2>&1 || rc=$?; echo "$rc" >.data/reports/vitest.rc ) &
  vitest_pid=$!
else
  run_vitest || vitest_rc=$?
fi

# The end-to-end specs run in E2E_SHARDS shards side by side (default 1): each shard is its own
# Playwright run with its own server, embedded database, local chain and data folder (ports 8181,
# 8182, ...) and runs its share of the spec files in order. On this 2-core machine two shards took
# longer than one (Chromium and the servers keep both cores busy: 100 % CPU, 5.3 tests a minute
# against 8.5 for one run), so one is the default; a machine with more cores can set E2E_SHARDS.
E2E_SHARDS=${E2E_SHARDS:-1}
echo "== end-to-end tests (Playwright, Chromium; E2E_SHARDS=$E2E_SHARDS)"
shard_reports=()
for i in $(seq 1 "$E2E_SHARDS"); do
  shard_reports+=(".data/reports/playwright-$i.json")
  (
    rc=0
    E2E_PORT=$((8180 + i)) E2E_DATA_DIR=".data/e2e-$i" E2E_WEB_DIST_DIR=.data/e2e-web E2E_WEB_PREBUILT=1 \
      PLAYWRIGHT_JSON_OUTPUT_NAME=".data/reports/playwright-$i.json" \
      npx playwright test --shard="$i/$E2E_SHARDS" --reporter=list,json 2>&1 | sed -u "s/^/[e2e $i\/$E2E_SHARDS] /" || rc=$?
    exit "$rc"
  ) &
done
for job in $(jobs -p); do
  [ "$job" = "$vitest_pid" ] && continue
  wait "$job" || playwright_rc=$?
done
if [ -n "$vitest_pid" ]; then
  wait "$vitest_pid" || true
  vitest_rc=$(cat .data/reports/vitest.rc 2>/dev/null || echo 1)
  echo "== integration tests (Vitest), run beside the end-to-end tests"
  cat .data/reports/vitest.log
fi

node scripts/test-summary.mjs .data/reports/vitest.json "${shard_reports[@]}"
if [ "$vitest_rc" -ne 0 ] || [ "$playwright_rc" -ne 0 ]; then
  echo "a test runner exited with an error (vitest $vitest_rc, playwright $playwright_rc)"
  exit 1
fi
