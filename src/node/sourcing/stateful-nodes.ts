// Stateful sourcing (`enableStatefulSourceNodes`): a rebuild touches only the nodes whose digest changed
// (docs/build-speed.md).
import type { Node, NodeInput, NodePluginArgs } from "gatsby";

/** Node id → content digest: what one source made. */
export type MadeNodes = ReadonlyMap<string, string>;

export type SyncArgs = Pick<NodePluginArgs, "getNode" | "getNodes"> & {
  actions: Pick<NodePluginArgs["actions"], "createNode" | "deleteNode">;
};

export interface SyncResult {
  made: Map<string, string>;
  created: number;
  deleted: number;
}

/**
 * Makes the store hold exactly `nodes` of one source: creates the new and changed ones, deletes those of
 * `previous` it no longer makes. `owns` recognises the source's nodes when `previous` is unknown.
 */
export function syncNodes(
  args: SyncArgs,
  nodes: readonly NodeInput[],
  previous: MadeNodes | undefined,
  owns: (node: Node) => boolean,
): SyncResult {
  const before: MadeNodes =
    previous ??
    new Map(
      args
        .getNodes()
        .filter(owns)
        .map((node) => [node.id, node.internal.contentDigest]),
    );
  const made = new Map<string, string>();
  let created = 0;
  for (const node of nodes) {
    made.set(node.id, node.internal.contentDigest);
    if (before.get(node.id) === node.internal.contentDigest) continue;
    args.actions.createNode(node);
    created++;
  }
  let deleted = 0;
  for (const id of before.keys()) {
    if (made.has(id)) continue;
    const gone = args.getNode(id);
    if (gone) {
      args.actions.deleteNode(gone);
      deleted++;
    }
  }
  return { made, created, deleted };
}
