# The production image: `npm start`'s server (API, media and the site, rebuilt on content changes)
# on Node 24, as the unprivileged `node` user. Build: docker build -t studyabroad .
# Run it with docker-compose.yml (PostgreSQL, Redis, MinIO), or alone with DATA_DIR on a volume.

# 1. dependencies: production ones only (tsx runs the TypeScript sources; no dev tools in the image)
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 2. the image: sources and dependencies; pg_dump/pg_restore 15 for npm run backup and restore
FROM node:24-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4321 \
    DATA_DIR=/data
# the site build writes its caches beside the sources: the app's folder is the node user's
COPY --chown=node:node --from=deps /app/node_modules ./node_modules
COPY --chown=node:node . .
USER node
VOLUME ["/data"]
EXPOSE 4321
# the first start migrates and builds the whole site (20 to 40 s on 2 cores): not ready before
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4321) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm start`'s own command, without npm in between: the server gets the container's signals itself
CMD ["node", "--import", "tsx", "server/start.ts"]
