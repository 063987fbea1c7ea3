# syntax=docker/dockerfile:1
# The SSO service: the BFF with the built SPA (README "Deploying"). Built on Node 24, run on a slim
# Node 24 image as the unprivileged `node` user with production dependencies only.
#   docker build -t uaa-sso .
#   docker run -p 8080:8080 -e UAA_UPSTREAM=https://uaa.internal/uaa-be -e APP_ENV=production \
#     -e PUBLIC_ORIGIN=https://sso.example.com ... uaa-sso
# tests/deploy/dockerfile-build.mjs performs these stages without Docker; keep both in step.

# 1. Build: every dependency, then the SPA (with its .br/.gz files) and the server bundle.
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only, installed apart so that no build tool reaches the image.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# 3. Runtime.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 STATIC_DIR=dist/client
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
COPY package.json ./
# Files stay root-owned and read-only to the process; LOCAL_UAA_DATA (demo mode only) needs a
# writable volume.
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form, no shell or npm in between: node is PID 1 and receives `docker stop`'s SIGTERM
# itself; the BFF then drains in-flight requests and exits within 10 s (give `docker stop -t 15`
# or a stop_grace_period of 15 s so Docker never kills it first).
STOPSIGNAL SIGTERM
# The heap's sizes, stated rather than left to V8's sizing (which follows the memory it sees;
# npm start and npm run bench read them from here):
# - a 16 MB young generation: a proxied call leaves about 60 KB of short-lived garbage, and with
#   4 MB the scavenger cost about 17 µs of each call, with 16 MB about 4;
# - 192 MB of old generation (the container has 384 MB for the BFF and its renderer process).
#   Below 256 MB V8 grows the heap by 1.3 times what a full collection leaves, not 4 times: under
#   load the BFF keeps about 25 MB alive and stays near 125 MB resident, where with V8's sizing
#   on a large machine it reached 140-200 MB, depending on when the load stopped (npm run bench).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "--max-old-space-size=192", "dist/server/index.js"]
