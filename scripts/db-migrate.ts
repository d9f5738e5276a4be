/**
 * npm run db:migrate — applies the lead store's SQL migrations (src/server/store/migrations.ts) to
 * DATABASE_URL. Idempotent; the functions also apply them on first use, so this is for a new database
 * or to migrate before a deploy.
 */
import { Pool } from "pg";
import { readServerConfig } from "../src/config";
import { migrate } from "../src/server/store/migrations";

async function main() {
  const { databaseUrl } = readServerConfig();
  if (!databaseUrl) throw new Error("Set DATABASE_URL (postgres://user:password@host:5432/db)");
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const applied = await migrate(pool);
    console.log(applied.length ? `applied migration(s) ${applied.join(", ")}` : "the database is up to date");
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
