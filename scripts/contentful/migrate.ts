/**
 * `npm run contentful:migrate`: applies contentful/migrations/* in order to CONTENTFUL_SPACE_ID /
 * CONTENTFUL_ENVIRONMENT with a management token (CONTENTFUL_MANAGEMENT_TOKEN). Meant for a new space or
 * environment (Contentful's recommended flow: migrate a fresh environment, then switch the alias).
 */
import fs from "node:fs";
import path from "node:path";
import { runMigration, type MigrationFunction } from "contentful-migration";
import { readManagementConfig } from "../../src/config";

async function main() {
  const config = readManagementConfig();
  const dir = path.resolve(__dirname, "../../contentful/migrations");
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}-.+\.ts$/.test(f))
    .sort();
  for (const file of files) {
    const mod = (await import(path.join(dir, file))) as { default: MigrationFunction };
    console.log(`contentful:migrate: ${file}`);
    await runMigration({
      migrationFunction: mod.default,
      spaceId: config.spaceId,
      environmentId: config.environment,
      accessToken: config.managementToken,
      yes: true,
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
