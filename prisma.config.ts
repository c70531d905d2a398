import { defineConfig } from 'prisma/config';

// The CLI is only used for `prisma generate` here; migrations are applied by src/db/migrate.ts (DESIGN.md).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
