/**
 * `npm run contentful:seed`: converts content/ (the shared converter, src/node/contentful/convert.ts)
 * into a contentful-import file and imports it into CONTENTFUL_SPACE_ID / CONTENTFUL_ENVIRONMENT with
 * CONTENTFUL_MANAGEMENT_TOKEN, uploading the images. `--out <file>` only writes the file (no import).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadContent } from "../../src/node/local/load-content";
import { contentRoot } from "../../src/config/content";
import { convertContent } from "../../src/node/contentful/convert";
import { importFile, seedAssetPath } from "../../src/node/contentful/import-file";
import { readManagementConfig } from "../../src/config";

async function main() {
  const outIndex = process.argv.indexOf("--out");
  const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  const config = out ? undefined : readManagementConfig();
  const spaceId = config?.spaceId ?? "space";
  const dir = contentRoot();
  const space = await convertContent(loadContent(dir), dir, { assetUrl: (asset) => `//${seedAssetPath(spaceId, asset)}` });
  const file = importFile(space, spaceId);
  const assetsDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "contentful-seed-"));
  for (const asset of space.assets) {
    const target = path.join(assetsDirectory, seedAssetPath(spaceId, asset));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(asset.filePath, target);
  }
  console.log(`contentful:seed: ${file.entries.length} entries, ${file.assets.length} assets, ${file.contentTypes.length} content types`);
  if (out) {
    fs.writeFileSync(out, JSON.stringify(file, null, 2));
    console.log(`contentful:seed: wrote ${out} (asset files in ${assetsDirectory})`);
    return;
  }
  const { default: contentfulImport } = await import("contentful-import");
  await contentfulImport({
    spaceId: spaceId,
    environmentId: config!.environment,
    managementToken: config!.managementToken,
    content: file,
    skipContentModel: true, // created by npm run contentful:migrate
    uploadAssets: true,
    assetsDirectory,
  } as Parameters<typeof contentfulImport>[0]);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
