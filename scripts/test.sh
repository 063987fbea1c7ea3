#!/usr/bin/env bash
# `npm test`: the whole suite, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "typecheck"
npx tsc -p tsconfig.json --noEmit

step "lint"
npx eslint . --max-warnings=0
npx prettier --check . >/dev/null || { npx prettier --check .; exit 1; }

step "unit and route tests"
# The rate-limit tests start their own redis-server on a loopback port; the conformance tests and
# the e2e stack put nginx (TLS with a throwaway CA made by the openssl CLI) in front of the upstream.
missing=()
[ -x /usr/bin/redis-server ] || missing+=(redis-server)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian's ${missing[*]} (needs root and the Debian mirror)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
npx vitest run

step "build"
npm run build --silent

step "browser end-to-end tests"
bash scripts/e2e.sh

step "deployment: nginx + two replicas + Redis, the Dockerfile's stages, Node 24"
bash scripts/test-deploy.sh
