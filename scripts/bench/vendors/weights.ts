/**
 * Each vendor's weight for `npm run bench -- --vendors` (docs/page-load.md#vendors-at-their-weight-npm-run-bench------vendors):
 * the HTTP Archive's average main-thread time of the vendor's scripts on a mobile page, as third-party-web
 * publishes it (`averageExecutionTime`, the same package and version Lighthouse pins). Those figures come from
 * Lighthouse's bootup-time audit on the HTTP Archive's mobile crawl, so they already include Lighthouse's 4×
 * CPU slowdown: a stand-in burns them in wall-clock time, whatever the page's own CPU throttling.
 *
 * The figures are read from the package, never copied here; each vendor's entity is its catalog entry's `bench`
 * (src/vendors/), with the figure first quoted for it, printed beside and standing in for an entity the package lacks.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { VENDORS, type VendorId } from "../../../src/vendors/catalog";

export interface VendorWeightSpec {
  id: VendorId;
  /** The third-party-web entity (matched by name, case-insensitively); none: ASSUMED_MS. */
  entity?: string;
  /** The figure issue 45 quoted, ms. */
  issueMs?: number;
  /** No entity: the figure assumed, ms. */
  assumedMs?: number;
}

/** Vendor → third-party-web entity, from each catalog entry's `bench` (src/vendors/). */
export const VENDOR_WEIGHTS: readonly VendorWeightSpec[] = VENDORS.map((v) => ({ id: v.id, ...v.bench }));

export interface Entity {
  name: string;
  averageExecutionTime?: number;
}

export interface VendorWeight {
  id: VendorId;
  /** Wall-clock main-thread time the stand-in burns, ms. */
  ms: number;
  /** Where `ms` comes from. */
  source: "third-party-web" | "issue" | "assumed";
  /** The entity's name as the package spells it. */
  entity?: string;
  issueMs?: number;
  note?: string;
}

/** Each vendor's weight, looked up in `entities` (third-party-web's list); pure. */
export function lookUpWeights(
  entities: readonly Entity[],
  version: string,
  specs: readonly VendorWeightSpec[] = VENDOR_WEIGHTS,
): VendorWeight[] {
  return specs.map((spec) => {
    if (!spec.entity) return { id: spec.id, ms: spec.assumedMs ?? 0, source: "assumed", note: "no third-party-web entity: assumed" };
    const wanted = spec.entity.toLowerCase();
    const found = entities.find((e) => e.name.toLowerCase() === wanted);
    const ms = found?.averageExecutionTime;
    if (found && typeof ms === "number" && Number.isFinite(ms) && ms > 0)
      return {
        id: spec.id,
        ms: Math.round(ms),
        source: "third-party-web",
        entity: found.name,
        issueMs: spec.issueMs,
        ...(found.name !== spec.entity ? { note: `spelled "${found.name}" in third-party-web ${version}` } : {}),
      };
    return {
      id: spec.id,
      ms: spec.issueMs ?? 0,
      source: "issue",
      entity: spec.entity,
      issueMs: spec.issueMs,
      note: found
        ? `"${found.name}" has no average in third-party-web ${version}: the issue's figure`
        : `no "${spec.entity}" in third-party-web ${version}: the issue's figure`,
    };
  });
}

/**
 * third-party-web as installed (node_modules/third-party-web, pinned by the overrides in package.json), through
 * its own API: it computes each entity's average (total execution time over occurrences) when loaded.
 */
export function readThirdPartyWeb(repo: string): { version: string; entities: Entity[] } {
  const load = createRequire(path.join(repo, "package.json"));
  const { version } = load("third-party-web/package.json") as { version: string };
  const { entities } = load("third-party-web") as { entities: Entity[] };
  return { version, entities };
}
