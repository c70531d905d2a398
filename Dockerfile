# fiscal-api image: one image for every role (`serve --role api|worker|all`) and for `migrate`.
# Build: docker build -t fiscal-api .   Run several processes: compose.yaml (docs/operacao.md).

# --- build: all dependencies (the build tools are devDependencies), the generated Prisma client (postinstall), ----
# --- src/ with that client transpiled to dist/ ---------------------------------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The whole context before npm ci: its postinstall step (prisma generate, and whatever else package.json lists
# there) sees the tree it sees in a checkout. .dockerignore keeps the context to the sources.
COPY . .
RUN npm ci --no-audit --no-fund
# The build step of `npm start`, done once here instead of at every start.
RUN node scripts/build.mjs

# --- runtime: production dependencies only, the transpiled program, its migrations, contract and own tables -----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the only one that matters (prisma generate) already ran in the build stage, and the Prisma
# CLI it needs is a devDependency. Nothing on the start path (dist/cli/main.js) needs one: the build tools (esbuild,
# tsx, prisma), the panel's sources (preact, bundled into dist/painel) and the test-only packages stay out.
# --omit=optional as well: @prisma/client names prisma and typescript as optional peers, and npm installs an
# optional peer the root lists, even as a devDependency, unless optional packages are omitted too. The only other
# optional package of the production tree is pg-cloudflare, for Cloudflare Workers.
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund && npm cache clean --force
# The program, the panel's bundle and the generated Prisma client (src/generated, transpiled to dist/generated).
COPY --from=build /app/dist ./dist
COPY --from=build /app/openapi ./openapi
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/resources ./resources
# DATA_DIR holds the embedded database and the simulator's state; the official data is mounted read-only at
# /shared (../shared beside the application, the default of FISCAL_DATA_DIR).
RUN mkdir -p /app/data /shared && chown node:node /app/data
USER node
ENV PORT=3000 DATA_DIR=/app/data FISCAL_DATA_DIR=/shared SHUTDOWN_GRACE_SECONDS=25
EXPOSE 3000
# GET /healthz answers 200 while the database answers. A worker-only process serves no /healthz: compose.yaml
# checks its METRICS_PORT instead.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exactly what `npm start` runs after its build step (package.json), node as PID 1 so SIGTERM reaches the
# graceful stop directly. Arguments replace CMD: `serve --role worker`, `migrate`.
ENTRYPOINT ["node", "--max-old-space-size=384", "--max-semi-space-size=16", "dist/cli/main.js"]
CMD ["serve"]
