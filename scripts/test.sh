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
npx vitest run

step "build"
npm run build --silent

step "browser end-to-end tests"
bash scripts/e2e.sh
