# syntax=docker/dockerfile:1
# Production image of Aurelia Atelier: the compiled server (apps/server/dist/main.js) and the built
# web app, on Node 22 with the server's production dependencies only, run as the unprivileged `node`
# user. README, "Deploying". Build from the repository's root: docker build -t atelier .

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: every workspace's dependencies, then `npm run build` (web app + server bundle) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build \
  # `dist` is a link to builds/<id>/ (README, "Development"); copy the real folders out.
  && mkdir -p /out/server /out/web \
  && cp -rL apps/server/dist /out/server/dist \
  && cp -rL apps/web/dist /out/web/dist

# ---- runtime: the server's production dependencies, the two builds and the migrations ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# The workspace manifests npm needs to install the server's dependencies from the lockfile (only
# @atelier/server's production dependencies are installed; the web app ships as static files).
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace=@atelier/server --include-workspace-root=false \
  && npm cache clean --force
COPY apps/server/drizzle apps/server/drizzle
COPY apps/server/scripts/start.sh apps/server/scripts/start.sh
COPY --from=build /out/server/dist apps/server/dist
COPY --from=build /out/web/dist apps/web/dist
# Code and dependencies stay owned by root (read-only for the server); only the data folder
# (outgoing mail without SMTP, temporary upload files, local files without S3) is writable.
RUN mkdir -p /data && chown node:node /data
USER node

# The settings of apps/server/scripts/start.sh ("Operating it"): glibc keeps fewer, smaller arenas.
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
VOLUME ["/data"]
EXPOSE 3000

# Readiness (database, storage, queue, Redis), asked with Node's own fetch: no curl in the image.
# 503 while starting or draining; 200 "degraded" (Redis down) still passes, as the instance serves.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# The process itself (no npm, no shell): SIGTERM from the platform reaches the server, which drains
# and exits within 15 s. Same node flags as apps/server/scripts/start.sh.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "--max-old-space-size=192", "--wasm-lazy-compilation", "apps/server/dist/main.js"]
