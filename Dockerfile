# syntax=docker/dockerfile:1
# Multi-stage build: install and build with Bun, run a slim image with one data volume.
FROM oven/bun:1-debian AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install --frozen-lockfile || bun install
COPY . .
# The client and the prebuilt server bundle (dist/server: faster start).
RUN bun run scripts/build.ts

FROM oven/bun:1-debian AS runtime
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
COPY --from=build /app/node_modules ./node_modules
# dist/client holds each asset's brotli and gzip copies (.br, .gz) and preloads.json: the server sends those copies.
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/server ./server
# client/: `serve` imports client/build.ts (and what it imports) for the build folder, and the server reads client/src/app/early-requests.ts.
COPY --from=build /app/client ./client
# Its '@server/...' imports resolve through tsconfig.json's paths when the server runs from its sources.
COPY --from=build /app/tsconfig.json ./tsconfig.json
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/bin ./bin
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD bun -e "fetch('http://localhost:' + (process.env.PORT || 3000) + '/api/health').then(r => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"
CMD ["bun", "bin/homeward.ts", "serve"]
