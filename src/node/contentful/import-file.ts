/**
 * The contentful-import file for `npm run contentful:seed`, from the shared converter's output: content types,
 * the locale, entries and assets in the Management API's export shape.
 */
import { DEFAULT_LOCALE, type ConvertedAsset, type ConvertedSpace } from "./convert";
import { contentfulFieldDefinition } from "./model";

export const seedAssetPath = (spaceId: string, asset: Pick<ConvertedAsset, "id" | "fileName">) =>
  `images.ctfassets.net/${spaceId}/${asset.id}/seed/${asset.fileName}`;

const loc = (value: unknown) => ({ [DEFAULT_LOCALE]: value });

export function importFile(space: ConvertedSpace, spaceId: string) {
  return {
    locales: [{ name: "English (United States)", code: DEFAULT_LOCALE, fallbackCode: null, default: true, optional: false }],
    contentTypes: space.contentTypes.map((model) => ({
      sys: { id: model.id, type: "ContentType" },
      name: model.name,
      description: model.description,
      displayField: model.displayField,
      fields: model.fields.map(contentfulFieldDefinition),
    })),
    editorInterfaces: [],
    entries: space.entries.map((entry) => ({
      sys: { id: entry.id, type: "Entry", contentType: { sys: { type: "Link", linkType: "ContentType", id: entry.contentType } } },
      fields: Object.fromEntries(Object.entries(entry.fields).map(([k, v]) => [k, loc(v)])),
    })),
    assets: space.assets.map((asset) => ({
      sys: { id: asset.id, type: "Asset" },
      fields: {
        title: loc(asset.title),
        description: loc(asset.description),
        file: loc({ fileName: asset.fileName, contentType: asset.contentType, upload: `//${seedAssetPath(spaceId, asset)}` }),
      },
    })),
  };
}
