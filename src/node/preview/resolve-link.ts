/**
 * A live edit that points an image or reference field at another asset or entry (docs/content.md#live-preview-links):
 * the new node, resolved inside the preview server through Gatsby's own data layer with the page query's selection
 * at that place (link-query.ts), so images come from gatsby-source-contentful's gatsbyImageData resolver with the
 * page's arguments and entries from the same fragments. Nothing is written to Gatsby's node store: the node exists
 * once synced; one that does not yet (an asset created after the last sync) waits for the webhook re-sync.
 * Gatsby's store, node store and GraphQL runner are private modules, loaded only here (like live-edit.ts's socket);
 * if an upgrade moves them the link swap answers with that message and the develop e2e fails.
 */
import type { GraphQLSchema } from "graphql";
import { PREVIEW_LOCALE } from "../../config/live-preview";
import { entryIdOf } from "./entry-id";
import { linkQuery } from "./link-query";

interface GatsbyNode {
  id: string;
  internal: { type: string };
  node_locale?: unknown;
  [field: string]: unknown;
}
type QueryResult = { data?: Record<string, unknown> | null; errors?: readonly { message: string }[] };

/** What this needs of Gatsby: its schema, pages and queries, its node store, and its GraphQL runner. */
export interface GatsbyData {
  schema(): GraphQLSchema;
  /** The page's or static query's query text, and the variables it ran with. */
  queryOf(document: QueryDocument): { query: string; variables: Record<string, unknown> } | undefined;
  getNode(id: string): GatsbyNode | undefined;
  nodes(): Iterable<GatsbyNode>;
  run(query: string, variables: Record<string, unknown>): Promise<QueryResult>;
}

export type QueryDocument = { kind: "page"; path: string } | { kind: "static"; hash: string };

/* eslint-disable @typescript-eslint/no-require-imports -- private modules, loaded only by the preview server */
export function gatsbyData(): GatsbyData {
  const { store } = require("gatsby/dist/redux") as { store?: { getState(): Record<string, any> } };
  const datastore = (require("gatsby/dist/datastore") as { getDataStore?: () => Record<string, any> }).getDataStore?.();
  const { GraphQLRunner } = require("gatsby/dist/query/graphql-runner") as { GraphQLRunner?: new (store: unknown) => Record<string, any> };
  if (!store?.getState || !datastore?.iterateNodes || !GraphQLRunner)
    throw new Error("Live preview: Gatsby's store, datastore or GraphQL runner moved (gatsby/dist/redux, datastore, query/graphql-runner)");
  let runner: Record<string, any> | undefined;
  return {
    schema: () => store.getState().schema,
    queryOf: (document) => {
      const state = store.getState();
      if (document.kind === "static") {
        const component = [...state.staticQueryComponents.values()].find((c: { hash: string }) => c.hash === document.hash);
        return component && { query: component.query, variables: {} };
      }
      const page = state.pages.get(document.path);
      const query = page && state.components.get(page.componentPath)?.query;
      return query ? { query, variables: page.context ?? {} } : undefined;
    },
    getNode: (id) => datastore.getNode(id),
    nodes: () => datastore.iterateNodes(),
    run: (query, variables) => {
      runner ??= new GraphQLRunner(store);
      return runner.query(query, variables, { queryName: "LivePreviewLink" });
    },
  };
}
/* eslint-enable @typescript-eslint/no-require-imports */

export interface LinkSwap {
  document: QueryDocument;
  /** Response keys from the query's `data` to the field, array indices left out. */
  path: string[];
  entryId: string;
  field: string;
  /** The asset or entry ids the edit links, in order. */
  ids: string[];
}

/** What a live edit's links came to: the ids still waiting for the re-sync, and selections that would not resolve. */
export interface LinkReport {
  awaitingSync: string[];
  failed: string[];
}

const linkedIds = (value: unknown): string[] => (Array.isArray(value) ? value : value ? [value] : []).filter((v) => typeof v === "string");

/** One per preview server: keeps entry id to node id, which Contentful keeps stable. */
export function linkResolver(load: () => GatsbyData = gatsbyData) {
  let loaded: GatsbyData | undefined;
  const data = () => (loaded ??= load());
  const nodeIds = new Map<string, string>();
  const inLocale = (node: GatsbyNode) => node.node_locale === undefined || node.node_locale === PREVIEW_LOCALE;
  const nodeOf = (entryId: string): GatsbyNode | undefined => {
    const known = nodeIds.get(entryId);
    const cached = known ? data().getNode(known) : undefined;
    if (cached) return cached;
    for (const node of data().nodes())
      if (entryIdOf(node) === entryId && inLocale(node)) {
        nodeIds.set(entryId, node.id);
        return node;
      }
    return undefined;
  };
  /** The ids the page rendered: the field's links as Gatsby last synced them. */
  const savedIds = (entryId: string, field: string): string[] | undefined => {
    const node = nodeOf(entryId);
    if (!node) return undefined;
    return linkedIds(node[`${field}___NODE`]).map((id) => {
      const linked = data().getNode(id);
      return linked ? (entryIdOf(linked) ?? id) : id;
    });
  };

  /** Per live edit: resolve(swap) is the field's new value, or undefined to keep the rendered one. */
  return () => {
    const report: LinkReport = { awaitingSync: [], failed: [] };
    const resolveOne = async (swap: LinkSwap, id: string): Promise<unknown> => {
      const node = nodeOf(id);
      if (!node) return void report.awaitingSync.push(id);
      const source = data().queryOf(swap.document);
      const query = source && linkQuery(source.query, swap.path, data().schema(), node.internal.type, node.id);
      if (!source || !query) return void report.failed.push(`${swap.entryId}.${swap.field}: no selection in the page's query`);
      const result = await data().run(query.query, source.variables);
      if (result.errors?.length || !result.data?.node)
        return void report.failed.push(`${swap.entryId}.${swap.field}: ${result.errors?.map((e) => e.message).join("; ") ?? "no node"}`);
      return result.data.node;
    };
    const resolve = async (swap: LinkSwap, many: boolean): Promise<unknown> => {
      const saved = savedIds(swap.entryId, swap.field);
      if (!saved || saved.join() === swap.ids.join()) return undefined;
      const values = await Promise.all(swap.ids.map((id) => resolveOne(swap, id)));
      if (values.some((v) => v === undefined)) return undefined;
      return many ? values : values[0];
    };
    return { resolve, report };
  };
}
