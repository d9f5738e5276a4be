/**
 * A live edit that points a field at another asset or entry (docs/content.md#live-preview-links): the query that
 * asks Gatsby for that node exactly as the page's own query asked for the old one. It takes the page query's
 * selection at the field's place (its fragments, and its arguments such as gatsbyImageData's width and formats),
 * so the new node resolves through the same resolvers the page used, gatsby-source-contentful's included.
 */
import {
  isAbstractType,
  isObjectType,
  Kind,
  parse,
  print,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from "graphql";

type Fragments = Map<string, FragmentDefinitionNode>;

/** The fields answering `key` in a selection set, through fragment spreads and inline fragments. */
function fieldsAt(selections: readonly SelectionNode[], key: string, fragments: Fragments): FieldNode[] {
  return selections.flatMap((s): FieldNode[] => {
    if (s.kind === Kind.FIELD) return (s.alias ?? s.name).value === key ? [s] : [];
    if (s.kind === Kind.INLINE_FRAGMENT) return fieldsAt(s.selectionSet.selections, key, fragments);
    const fragment = fragments.get(s.name.value);
    return fragment ? fieldsAt(fragment.selectionSet.selections, key, fragments) : [];
  });
}

const fragmentsOf = (document: DocumentNode): Fragments =>
  new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
const operationOf = (document: DocumentNode) =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

/** The selections at a result path (response keys from `data`, array indices left out); undefined: not in the query. */
export function selectionAt(document: DocumentNode, path: readonly string[]): SelectionNode[] | undefined {
  const fragments = fragmentsOf(document);
  const operation = operationOf(document);
  let selections: SelectionNode[] | undefined = operation ? [...operation.selectionSet.selections] : undefined;
  for (const key of path) {
    if (!selections) return undefined;
    const fields = fieldsAt(selections, key, fragments);
    if (fields.length === 0 || fields.some((f) => !f.selectionSet)) return undefined;
    selections = fields.flatMap((f) => f.selectionSet!.selections);
  }
  return selections;
}

/** A fragment or inline fragment applies to `typeName` when its condition is that type or an abstract type it belongs to. */
function applies(schema: GraphQLSchema, condition: string | undefined, typeName: string): boolean {
  if (!condition || condition === typeName) return true;
  const abstract = schema.getType(condition);
  const concrete = schema.getType(typeName);
  return isAbstractType(abstract) && isObjectType(concrete) && schema.isSubType(abstract, concrete);
}

/** The one root field that finds a node of `typeName` by its Gatsby id (`contentfulAsset(id: {eq: …})`). */
export function rootFieldFor(schema: GraphQLSchema, typeName: string): string | undefined {
  const fields = Object.values(schema.getQueryType()?.getFields() ?? {});
  return fields.find((f) => "name" in f.type && f.type.name === typeName && f.args.some((a) => a.name === "id"))?.name;
}

export interface LinkQuery {
  query: string;
  /** The page query's variables the selection uses (a page context's `$id`…), to pass with it. */
  variables: string[];
}

/**
 * `query { node: <root>(id: {eq: nodeId}) { <the page query's selection at path> } }` with the fragments and
 * variables that selection uses; undefined when the page's query has no selection there or no root field finds the type.
 */
export function linkQuery(
  queryText: string,
  path: readonly string[],
  schema: GraphQLSchema,
  typeName: string,
  nodeId: string,
): LinkQuery | undefined {
  const document = parse(queryText);
  const root = rootFieldFor(schema, typeName);
  const found = selectionAt(document, path);
  if (!root || !found) return undefined;
  const fragments = fragmentsOf(document);
  // an interface field's selection may hold `... on` other implementations: only what the new node's type can take
  const selections = found.filter((s) =>
    s.kind === Kind.FIELD
      ? true
      : applies(
          schema,
          s.kind === Kind.INLINE_FRAGMENT ? s.typeCondition?.name.value : fragments.get(s.name.value)?.typeCondition.name.value,
          typeName,
        ),
  );
  const used = new Set<string>();
  const variables = new Set<string>();
  const collect = (node: SelectionSetNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread: (spread) => {
        if (used.has(spread.name.value)) return;
        used.add(spread.name.value);
        const fragment = fragments.get(spread.name.value);
        if (fragment) collect(fragment);
      },
      Variable: (variable) => void variables.add(variable.name.value),
    });
  collect({ kind: Kind.SELECTION_SET, selections });
  const operation = operationOf(document)!;
  const variableDefinitions = (operation.variableDefinitions ?? []).filter((v) => variables.has(v.variable.name.value));
  const query: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        kind: Kind.OPERATION_DEFINITION,
        operation: operation.operation,
        name: { kind: Kind.NAME, value: "LivePreviewLink" },
        variableDefinitions,
        selectionSet: {
          kind: Kind.SELECTION_SET,
          selections: [
            {
              kind: Kind.FIELD,
              alias: { kind: Kind.NAME, value: "node" },
              name: { kind: Kind.NAME, value: root },
              arguments: [
                {
                  kind: Kind.ARGUMENT,
                  name: { kind: Kind.NAME, value: "id" },
                  value: {
                    kind: Kind.OBJECT,
                    fields: [
                      { kind: Kind.OBJECT_FIELD, name: { kind: Kind.NAME, value: "eq" }, value: { kind: Kind.STRING, value: nodeId } },
                    ],
                  },
                },
              ],
              selectionSet: { kind: Kind.SELECTION_SET, selections },
            },
          ],
        },
      },
      ...[...used].map((name) => fragments.get(name)).filter((f): f is FragmentDefinitionNode => !!f),
    ],
  };
  return { query: print(query), variables: [...variables] };
}
