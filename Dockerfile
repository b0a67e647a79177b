# Vaultdesk in a container: the release folder (`npm run release`) and Node.js, nothing else.
#   docker build -t vaultdesk .
#   docker run -p 8080:8080 --env-file vaultdesk.env -v vaultdesk-data:/data vaultdesk
# See docs/operations.md, "Release folder".

# Build stage: the whole checkout with every package (development ones too), then the release.
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run release -- --out /release

# Final stage: only the release folder, owned by root and read-only to the user that runs it.
FROM node:20-bookworm-slim
RUN groupadd --system vaultdesk \
 && useradd --system --gid vaultdesk --home-dir /data --no-create-home --shell /usr/sbin/nologin vaultdesk \
 && mkdir -p /data \
 && chown vaultdesk:vaultdesk /data \
 && chmod 700 /data
COPY --from=build /release /app
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
USER vaultdesk
EXPOSE 8080
VOLUME ["/data"]
# /readyz answers 200 only while the database answers (the slim image has no curl: node asks).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, no npm or shell in between: `docker stop`'s SIGTERM reaches the process that drains.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
