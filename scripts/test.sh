#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit and route tests, build, browser tests. The deployment tier
# (nginx, replicas, Redis, Node 24, the Dockerfile's stages) is `npm run test:deploy`, which CI
# runs after this (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
START=$SECONDS
took() { echo "   ($1: $((SECONDS - $2)) s)"; }

# The rate-limit tests start their own redis-server on a loopback port; the conformance tests and
# the e2e stack put nginx (TLS with a throwaway CA made by the openssl CLI) in front of the
# upstream; the browser tests use Debian's Chromium (Playwright cannot download its own here); the
# security events' shipping test starts its own rsyslogd on a loopback port.
missing=()
[ -x /usr/bin/redis-server ] || missing+=(redis-server)
[ -x /usr/sbin/rsyslogd ] || missing+=(rsyslog)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null || missing+=(openssl)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing Debian's ${missing[*]} (needs root and the Debian mirror)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Four single-threaded jobs side by side keep both cores busy; each one's output is shown only
# when it fails.
step "typecheck, lint, format and build, side by side"
t0=$SECONDS
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT
declare -A JOBS=(
  [typecheck]="npx tsc -p tsconfig.json --noEmit"
  [eslint]="npx eslint . --max-warnings=0"
  [prettier]="npx prettier --check ."
  [build]="npm run build --silent"
)
declare -A PIDS=()
for name in "${!JOBS[@]}"; do
  bash -c "${JOBS[$name]}" >"$LOGS/$name.log" 2>&1 &
  PIDS[$name]=$!
done
failed=0
for name in typecheck eslint prettier build; do
  if wait "${PIDS[$name]}"; then
    echo "PASS  $name"
  else
    echo "FAIL  $name: ${JOBS[$name]}"
    cat "$LOGS/$name.log"
    failed=1
  fi
done
took "typecheck, lint, format and build" "$t0"
[ "$failed" -eq 0 ] || exit 1

step "unit, route, conformance, fault, fuzz and security tests"
t0=$SECONDS
npx vitest run
took "vitest" "$t0"

step "browser end-to-end tests"
t0=$SECONDS
bash scripts/e2e.sh
took "playwright" "$t0"

echo
echo "npm test passed in $((SECONDS - START)) s (npm run test:deploy is the deployment tier)"
