/**
 * styled-components' server CSS as this site ships it, and read back (the contract is described in
 * server-styles.ts): the rules alone, each followed by the splitter, and the groups in the compact list of the
 * element's `data-sc-groups` attribute instead of styled-components' marker rules.
 */

/** The attribute of styled-components' elements, and the prefix of its marker rules. */
export const SC_ATTR = "data-styled";
export const GROUPS_ATTR = "data-sc-groups";
const SPLITTER = "/*!sc*/\n";
/** styled-components' marker rule (its own rehydration reads it with the same expression). */
const MARKER = /^data-styled\.g(\d+)\[id="([\w-]+)"\].*?"([^"]*)/;

/** One styled-components group as the server rendered it. */
export interface ServerGroup {
  /** styled-components' group number: the order the component was defined in, from 1. */
  group: number;
  /** The component id (`sc-…`, `sc-global-…<instance>`, `sc-keyframes-…`, or one a component was given). */
  id: string;
  /** How many rules of the element are this group's (at least 1: styled-components writes no empty group). */
  size: number;
}

const SC_PREFIX = "sc-";
/** Marks an id written as it is, without the `sc-` prefix taken off. */
const VERBATIM = "!";
const ID = /^[\w-]+$/;
const ENTRY = /^(?:(\d+):)?(!?)([\w-]+)(?:\.(\d+))?$/;

/** The group list in its compact form: one entry per group, in order, separated by one space. */
export function encodeServerGroups(groups: readonly ServerGroup[]): string {
  let previous = 0;
  return groups
    .map(({ group, id, size }) => {
      if (!Number.isSafeInteger(group) || group <= previous) throw new Error(`server style groups out of order at ${group} (${id})`);
      if (!ID.test(id)) throw new Error(`server style group ${group} has an id the group list cannot hold: ${JSON.stringify(id)}`);
      if (!Number.isSafeInteger(size) || size < 1) throw new Error(`server style group ${group} (${id}) has ${size} rules`);
      const delta = group - previous;
      previous = group;
      const short = id.startsWith(SC_PREFIX) && id.length > SC_PREFIX.length ? id.slice(SC_PREFIX.length) : VERBATIM + id;
      return (delta === 1 ? "" : `${delta}:`) + short + (size === 1 ? "" : `.${size}`);
    })
    .join(" ");
}

/** Reads {@link encodeServerGroups}' form back. Throws on anything it would not have written. */
export function decodeServerGroups(list: string): ServerGroup[] {
  if (list === "") return [];
  let group = 0;
  return list.split(" ").map((entry) => {
    const parts = ENTRY.exec(entry);
    if (!parts) throw new Error(`unreadable server style group ${JSON.stringify(entry)}`);
    const [, delta = "1", verbatim, id, size = "1"] = parts;
    group += Number(delta);
    if (Number(delta) < 1 || !Number.isSafeInteger(group)) throw new Error(`server style group ${JSON.stringify(entry)} is out of order`);
    if (Number(size) < 1) throw new Error(`server style group ${JSON.stringify(entry)} has no rules`);
    return { group, id: verbatim ? id : SC_PREFIX + id, size: Number(size) };
  });
}

/**
 * styled-components' server CSS (`outputSheet`: per group, its rules and then its marker rule, each part
 * followed by the splitter) split into the rules alone and the group list.
 */
export function compactServerStyles(css: string): { css: string; groups: string } {
  const rules: string[] = [];
  const groups: ServerGroup[] = [];
  let pending = 0;
  for (const raw of css.split(SPLITTER)) {
    const part = raw.trim();
    if (!part) continue;
    const marker = MARKER.exec(part);
    if (!marker) {
      rules.push(part);
      pending++;
      continue;
    }
    const [, group, id] = marker;
    if (!pending) throw new Error(`styled-components wrote group ${group} (${id}) without rules`);
    groups.push({ group: Number(group), id, size: pending });
    pending = 0;
  }
  if (pending) throw new Error(`${pending} styled-components rules after the last group marker`);
  return { css: rules.map((rule) => rule + SPLITTER).join(""), groups: encodeServerGroups(groups) };
}

/** A class name in a selector: letters, with the `-` styled-components puts between an `a` and a `d`. */
const CLASS_NAME = /\.([A-Za-z]+(?:-[A-Za-z]+)*)(?![\w-])/g;
const KEYFRAMES = /^@(?:-[a-z]+-)?keyframes\s+([\w-]+)/;
const GLOBAL_PREFIX = "sc-global-";

/**
 * The names a group registered, read from its rules: a global style's name is its group id
 * (`sc-global-…<instance>`), a keyframes group's is the `@keyframes` name, and a component's are the generated
 * class names its selectors use.
 */
export function namesInRules(id: string, rules: readonly string[]): string[] {
  if (id.startsWith(GLOBAL_PREFIX)) return [id];
  const names = new Set<string>();
  for (const rule of rules) {
    const keyframes = KEYFRAMES.exec(rule);
    if (keyframes) names.add(keyframes[1]);
    else for (const [, name] of rule.matchAll(CLASS_NAME)) names.add(name);
  }
  return [...names];
}

export interface AdoptedGroup extends ServerGroup {
  rules: string[];
  names: string[];
}

/**
 * The server's groups, read from the element's group list and its text (one rule per splitter part, as
 * styled-components reads it, so no CSSOM object is made for any rule).
 */
export function readServerGroups(text: string, list: string | null): AdoptedGroup[] {
  if (list === null) throw new Error(`the server style element has no ${GROUPS_ATTR}`);
  const parts = text
    .split(SPLITTER)
    .map((part) => part.trim())
    .filter(Boolean);
  let next = 0;
  const groups = decodeServerGroups(list).map((group) => {
    const rules = parts.slice(next, (next += group.size));
    return { ...group, rules, names: namesInRules(group.id, rules) };
  });
  if (next !== parts.length) throw new Error(`the server style groups hold ${next} rules, the element ${parts.length}`);
  return groups;
}

/** The marker rules styled-components' own rehydration reads, put back after each group's rules. */
export function withMarkers(groups: readonly AdoptedGroup[]): string {
  return groups
    .map(
      ({ group, id, rules, names }) =>
        rules.map((rule) => rule + SPLITTER).join("") +
        `${SC_ATTR}.g${group}[id="${id}"]{content:"${names.map((name) => `${name},`).join("")}"}${SPLITTER}`,
    )
    .join("");
}
