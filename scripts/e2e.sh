#!/usr/bin/env bash
# Browser tests in Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium (needs root and the Debian mirror)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi
[ -f dist/client/index.html ] && [ -f dist/server/index.js ] || npm run build --silent
npx playwright test "$@"
