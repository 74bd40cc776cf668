// drizzle-kit reads the schema and writes the numbered SQL migrations in server/migrations.
// Run `npx drizzle-kit generate --config server/drizzle.config.ts --name <what>` after changing schema.ts.
export default {
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/migrations',
};
