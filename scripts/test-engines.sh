#!/usr/bin/env bash
# `npm run test:engines` (issue 40): the core journeys in Safari's engine (WebKitGTK's MiniBrowser
# over WebDriver, WebKitWebDriver, on an Xvfb display) and Firefox's (Firefox ESR over WebDriver
# BiDi, puppeteer-core), each at a desktop's and a phone's size, against the built product started
# as the browser tests start it (tests/engines, docs/testing.md). CI runs it after test:deploy.
# Arguments go to Vitest: `npm run test:engines -- webkit` runs one engine.
set -euo pipefail
cd "$(dirname "$0")/.."
START=$SECONDS

# The engines and their display from Debian, and what the stack puts in front of the local UAA.
missing=()
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
command -v Xvfb >/dev/null || missing+=(xvfb)
[ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing+=(fonts-noto-cjk)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v openssl >/dev/null || missing+=(openssl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian's ${missing[*]} (needs root and the Debian mirror)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
[ -f dist/client/index.html ] && [ -f dist/server/index.js ] || npm run build --silent

status=0
npx vitest run --config tests/engines/vitest.config.ts "$@" || status=$?
echo "test:engines $([ "$status" -eq 0 ] && echo passed || echo FAILED) in $((SECONDS - START)) s"
exit "$status"
