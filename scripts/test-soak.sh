#!/usr/bin/env bash
# `npm run test:soak`: 200 clients for 60 s through the built BFF on the local UAA (issue 10).
# Builds its own server bundle, starts the local UAA and the BFF on loopback ports of its own with
# tests/soak/rate-limits.json (so every refusal is a deliberate, counted 429), runs
# tests/soak/soak.mjs, and stops both. SOAK_CLIENTS, SOAK_SECONDS, SOAK_PORT override.
set -euo pipefail
cd "$(dirname "$0")/.."

PORT="${SOAK_PORT:-18380}"
UAA_PORT="$((PORT + 10))"
OUT="${SOAK_SERVER_DIST:-dist/server-soak}"
LOGS="$(mktemp -d)"
STATIC="$(mktemp -d)"
printf '<!doctype html><html><head><!--app-config--></head><body></body></html>' >"$STATIC/index.html"

SERVER_DIST="$OUT" npx rsbuild build --environment server >/dev/null

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$STATIC"
}
trap cleanup EXIT

UAA_PORT="$UAA_PORT" LOCAL_UAA_PUBLIC_URL="http://127.0.0.1:$PORT" node "$OUT/local-uaa.js" >"$LOGS/uaa.log" 2>&1 &
pids+=($!)
# The BFF loads the allow-list from the UAA at start: the UAA must answer first.
for _ in $(seq 1 100); do
  curl -s -o /dev/null "http://127.0.0.1:$UAA_PORT/" && break
  sleep 0.1
done
# With the flags the image runs it with (Dockerfile CMD).
PORT="$PORT" HOST=127.0.0.1 UAA_UPSTREAM="http://127.0.0.1:$UAA_PORT" APP_ENV=development \
  RATE_LIMITS_FILE=tests/soak/rate-limits.json STATIC_DIR="$STATIC" LOG_LEVEL=warn \
  node --enable-source-maps --max-semi-space-size=16 "$OUT/index.js" >"$LOGS/bff.log" 2>&1 &
BFF_PID=$!
pids+=($BFF_PID)

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null || { echo "BFF not ready"; tail -5 "$LOGS/bff.log"; exit 1; }

status=0
BFF_URL="http://127.0.0.1:$PORT" UAA_URL="http://127.0.0.1:$UAA_PORT" BFF_PID="$BFF_PID" \
  node tests/soak/soak.mjs || status=$?
if kill -0 "$BFF_PID" 2>/dev/null; then echo "  BFF still running after the soak"; else echo "  BFF DIED"; status=1; fi
errors="$(grep -c '"level":50' "$LOGS/bff.log" || true)"
echo "  BFF error log lines: $errors (log: $LOGS/bff.log)"
[ "$errors" -eq 0 ] || { grep '"level":50' "$LOGS/bff.log" | head -5; status=1; }
exit "$status"
