# syntax=docker/dockerfile:1
# Multi-stage build: build with Bun, run a slim image with one data volume.
# The runtime stage copies only what `serve` and the CLI read (README, Packaging);
# server/build/image-files.test.ts copies exactly its COPY lines into a folder
# and runs serve, migrate and the CLI there, since no test machine runs Docker.
FROM oven/bun:1-debian AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install --frozen-lockfile || bun install
COPY . .
# The client with each asset's brotli and gzip copies (.br, .gz) and preloads.json, and the prebuilt server (dist/server: faster start).
RUN bun run scripts/build.ts

# Dependencies without the development ones (Playwright, TypeScript, drizzle-kit, Biome, ...).
FROM oven/bun:1-debian AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install --production --frozen-lockfile || bun install --production

FROM oven/bun:1-debian AS runtime
WORKDIR /app
# PREBUILT_SERVER=1: `serve` runs dist/server as built above, without comparing it with sources the image does not carry.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data PREBUILT_SERVER=1
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
# The CLI (bin/homeward.ts) runs from the server's sources; they also hold the ZIP data and the demo photos.
COPY --from=build /app/bin ./bin
COPY --from=build /app/server ./server
COPY --from=build /app/migrations ./migrations
# The built client: the server sends each asset's .br or .gz copy to a browser that accepts it.
COPY --from=build /app/dist/client ./dist/client
# The prebuilt server: it reads the migrations and the ZIP data relative to its own folder.
COPY --from=build /app/dist/server ./dist/server
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD bun -e "fetch('http://localhost:' + (process.env.PORT || 3000) + '/api/health').then(r => process.exit(r.ok ? 0 : 1)).catch(() => process.exit(1))"
CMD ["bun", "bin/homeward.ts", "serve"]
