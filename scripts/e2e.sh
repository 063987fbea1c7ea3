#!/usr/bin/env bash
# Browser tests in Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser, and what the stack puts in front of the local UAA (nginx, TLS from a throwaway CA).
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell fonts-noto-cjk)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian's ${missing[*]} (needs root and the Debian mirror)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
[ -f dist/client/index.html ] && [ -f dist/server/index.js ] || npm run build --silent
npx playwright test "$@"
