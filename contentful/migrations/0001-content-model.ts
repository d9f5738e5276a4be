/**
 * Migration 0001: every content type of the site's content model (src/node/contentful/model.ts, derived
 * from the GraphQL interfaces), with its fields, validations and the Markdown editor for Markdown bodies.
 * Applied by `npm run contentful:migrate` (contentful-migration) to a new space or environment.
 */
import type Migration from "contentful-migration";
import { contentfulFieldDefinition, contentModel } from "../../src/node/contentful/model";

export default function createContentModel(migration: Migration) {
  for (const model of contentModel) {
    const type = migration.createContentType(model.id).name(model.name).description(model.description).displayField(model.displayField);
    for (const field of model.fields) {
      const def = contentfulFieldDefinition(field);
      const created = type
        .createField(def.id)
        .name(def.name)
        .type(def.type)
        .required(def.required)
        .localized(def.localized)
        .validations(def.validations);
      if (def.linkType) created.linkType(def.linkType);
      if (def.items) created.items(def.items);
      if (field.kind === "Markdown") type.changeFieldControl(def.id, "builtin", "markdown");
      if (field.kind === "Object") type.changeFieldControl(def.id, "builtin", "objectEditor");
    }
  }
}
