/**
 * Server-rendered styled-components CSS, taken over in place (docs/architecture.md#lighthouse-and-main-thread, Total Blocking Time).
 *
 * styled-components' own rehydration reads the server's `<style data-styled>` element, inserts every rule
 * again into a new element one `insertRule` at a time, and removes the server's element. The browser then
 * restyles the whole page, although not one rule has changed. Here the running style sheet adopts the server's
 * element instead: it learns which component owns which rules, and which class names are already in it,
 * so nothing is parsed or inserted twice and nothing is restyled.
 *
 * The contract with the server (gatsby-ssr onPreRenderHTML, {@link adoptableServerStyles}):
 * - the element is marked `data-styled="active"`, the value styled-components gives the elements it manages,
 *   so its own rehydration (which runs when the library loads) leaves it alone, and `data-styled-ssr`;
 * - its text holds only the rules, each followed by styled-components' `/*!sc*\/` splitter, in group order.
 *   styled-components writes a marker rule after each group's rules
 *   (`data-styled.g12[id="sc-abc"]{content:"hash,"}`); those markers are dropped, because they cost bytes in
 *   the first round trip and the browser never needs them as CSS;
 * - the groups are listed in one attribute, `data-sc-groups` ({@link encodeServerGroups}): for each group in
 *   order, its group number, its component id and how many of the rules are its own. The class names a
 *   group registered are not listed: they are read back from the group's own rules ({@link namesInRules}).
 *
 * The running sheet is styled-components' `mainSheet`, reached through its `__PRIVATE__` export. Its
 * group table (`groupSizes`) is filled with the server's group sizes, so a rule the browser inserts later
 * lands where it would have in styled-components' own sheet: after its component's rules and before those of
 * components defined after it (the cascade order that `styled(Base)` relies on).
 *
 * Anything unexpected (a rule this browser dropped, a component registered first, other styled-components
 * internals) falls back to styled-components' own rehydration, given the marker rules it reads, so the page
 * is styled either way. A missing or unreadable group list leaves the server's element in place, styled.
 */

import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

export const SC_ATTR = "data-styled";
export const SC_ACTIVE = "active";
export const SSR_ATTR = "data-styled-ssr";
export const GROUPS_ATTR = "data-sc-groups";
const VERSION_ATTR = "data-styled-version";
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

// ---------------------------------------------------------------------------------------------------------
// The group list: `data-sc-groups`
// ---------------------------------------------------------------------------------------------------------

const SC_PREFIX = "sc-";
/** Marks an id written as it is, without the `sc-` prefix taken off. */
const VERBATIM = "!";
const ID = /^[\w-]+$/;
const ENTRY = /^(?:(\d+):)?(!?)([\w-]+)(?:\.(\d+))?$/;

/**
 * The group list in its compact form: one entry per group, in order, separated by one space. An entry is
 * `[delta:]id[.size]`:
 * - `delta` is the group number minus the previous entry's (the first counts from 0), left out when 1;
 * - `id` is the component id without its `sc-` prefix; an id without that prefix is written whole after `!`;
 * - `size` is the number of rules, left out when 1.
 *
 * `data-styled.g1[id="sc-a1-0"]…`, `data-styled.g2[id="sc-a1-1"]…` (3 rules), `data-styled.g5[id="Nav-x"]…`
 * is `a1-0 a1-1.3 3:!Nav-x`. Ids are `[\w-]+`, so `:`, `.`, `!` and the space cannot be part of one.
 */
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

// ---------------------------------------------------------------------------------------------------------
// Server side
// ---------------------------------------------------------------------------------------------------------

/**
 * styled-components' server CSS (`outputSheet`: per group, its rules and then its marker rule, each part
 * followed by the splitter) split into the rules alone and the group list. Throws on anything else, so a
 * styled-components that writes its CSS differently fails the build instead of shipping pages the browser
 * cannot adopt.
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

type StyleProps = Record<string, unknown> & { dangerouslySetInnerHTML?: { __html?: unknown } };

/** Maps the style element gatsby-plugin-styled-components renders; head components may be nested arrays. */
function mapStyledElement(head: ReactNode[], map: (element: ReactElement<StyleProps>) => ReactNode): ReactNode[] {
  return head.map((node): ReactNode => {
    if (Array.isArray(node)) return mapStyledElement(node, map);
    if (isValidElement<StyleProps>(node) && node.type === "style" && typeof node.props[SC_ATTR] === "string" && VERSION_ATTR in node.props)
      return map(node);
    return node;
  });
}

/**
 * Marks the element gatsby-plugin-styled-components renders as live (`data-styled="active"`) and as the
 * server's (`data-styled-ssr`). Head components may be nested arrays (the plugin sets `[sheet.getStyleElement()]`).
 */
export function markServerStylesActive(head: ReactNode[]): ReactNode[] {
  return mapStyledElement(head, (node) =>
    node.props[SC_ATTR] === "" ? cloneElement(node, { [SC_ATTR]: SC_ACTIVE, [SSR_ATTR]: "" }) : node,
  );
}

/**
 * The server side of the contract, for gatsby-ssr onPreRenderHTML: the styled-components element marked
 * ({@link markServerStylesActive}), its marker rules replaced by the group list ({@link compactServerStyles}).
 */
export function adoptableServerStyles(head: ReactNode[]): ReactNode[] {
  return mapStyledElement(markServerStylesActive(head), (node) => {
    if (node.props[SC_ATTR] !== SC_ACTIVE || GROUPS_ATTR in node.props) return node;
    const html = node.props.dangerouslySetInnerHTML?.__html;
    if (typeof html !== "string") throw new Error("the styled-components style element has no CSS text");
    const { css, groups } = compactServerStyles(html);
    return cloneElement(node, { [GROUPS_ATTR]: groups, dangerouslySetInnerHTML: { __html: css } });
  });
}

// ---------------------------------------------------------------------------------------------------------
// Browser side
// ---------------------------------------------------------------------------------------------------------

/** A class name in a selector: letters, with the `-` styled-components puts between an `a` and a `d`. */
const CLASS_NAME = /\.([A-Za-z]+(?:-[A-Za-z]+)*)(?![\w-])/g;
const KEYFRAMES = /^@(?:-[a-z]+-)?keyframes\s+([\w-]+)/;
const GLOBAL_PREFIX = "sc-global-";

/**
 * The names a group registered, read from its rules: a global style's name is its group id
 * (`sc-global-…<instance>`), a keyframes group's is the `@keyframes` name, and a component's are the
 * generated class names its selectors use. Other class tokens come along (`.card-image`, `.png` in a url):
 * harmless, since a generated name is a letters-only hash and no other class is ever looked up by it.
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
 * styled-components reads it, so no CSSOM object is made for any rule). Throws unless the list is readable
 * and accounts for every rule in the text.
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

/** What styled-components' GroupedTag keeps (internal fields, checked before use). */
interface GroupedTagLike {
  groupSizes: Uint32Array;
  length: number;
  tag: TagLike;
  _cGroup: number;
  _cIndex: number;
}
interface TagLike {
  length: number;
  insertRule(index: number, rule: string): boolean;
  deleteRule(index: number): void;
  getRule(index: number): string;
  element?: HTMLStyleElement;
}
export interface MainSheetLike {
  names: Map<string, Set<string>>;
  getTag(): GroupedTagLike;
  registerName(id: string, name: string): void;
  rehydrate(): void;
}
export interface StyleSheetStatics {
  registerId(id: string): number;
}

/** A styled-components Tag over an element that already holds rules. */
class AdoptedTag implements TagLike {
  constructor(
    readonly element: HTMLStyleElement,
    private readonly sheet: CSSStyleSheet,
  ) {}
  get length() {
    return this.sheet.cssRules.length;
  }
  insertRule(index: number, rule: string) {
    try {
      this.sheet.insertRule(rule, index);
      return true;
    } catch {
      return false; // a rule this browser cannot parse: skipped, like styled-components' own CSSOM tag does
    }
  }
  deleteRule(index: number) {
    this.sheet.deleteRule(index);
  }
  getRule(index: number) {
    return this.sheet.cssRules[index]?.cssText ?? "";
  }
}

const isGroupedTag = (tag: unknown): tag is GroupedTagLike =>
  !!tag &&
  typeof tag === "object" &&
  (tag as GroupedTagLike).groupSizes instanceof Uint32Array &&
  typeof (tag as GroupedTagLike).length === "number" &&
  typeof (tag as GroupedTagLike)._cGroup === "number" &&
  typeof (tag as GroupedTagLike)._cIndex === "number" &&
  !!(tag as GroupedTagLike).tag;

const warn = (message: string, error: unknown) => {
  if (process.env.NODE_ENV !== "production") console.warn(message, error);
};

/**
 * Makes `mainSheet` run on the server's element. Must run after styled-components has loaded and before any
 * styled component is defined (group numbers are handed out at definition). Returns what it did: "adopted";
 * "none" (no server element); "fallback" (styled-components' own rehydration copied the rules); "kept" (the
 * group list was missing or unreadable: the element stays as it is, styled, and the sheet starts empty).
 */
export function adoptServerStyles(
  doc: Document,
  mainSheet: MainSheetLike,
  StyleSheet: StyleSheetStatics,
): "adopted" | "none" | "fallback" | "kept" {
  const element = doc.querySelector<HTMLStyleElement>(`style[${SC_ATTR}="${SC_ACTIVE}"][${SSR_ATTR}]`);
  if (!element) return "none";
  let groups: AdoptedGroup[];
  try {
    groups = readServerGroups(element.textContent ?? "", element.getAttribute(GROUPS_ATTR));
  } catch (error) {
    warn("Server styles left unmanaged:", error);
    return "kept";
  }
  try {
    const sheet = element.sheet;
    if (!sheet) throw new Error("the server style element has no style sheet");
    const rules = groups.reduce((sum, { size }) => sum + size, 0);
    // A rule this browser dropped would shift every index after it.
    if (rules !== sheet.cssRules.length) throw new Error(`the browser kept ${sheet.cssRules.length} of the ${rules} server style rules`);
    if (mainSheet.names.size > 0) throw new Error("styles were registered before the server's were adopted");

    // Group numbers are handed out in order from 1: fill the gaps so each server id gets its own number back.
    let next = 1;
    for (const { group, id } of groups) {
      for (; next < group; next++) StyleSheet.registerId(`sc-server-gap-${next}`);
      if (StyleSheet.registerId(id) !== group) throw new Error(`group ${group} (${id}) is already taken`);
      next = group + 1;
    }

    const grouped = mainSheet.getTag();
    if (!isGroupedTag(grouped) || grouped.tag.length !== 0) throw new Error("unexpected styled-components sheet internals");
    const max = groups.length ? groups[groups.length - 1].group : 0;
    let size = grouped.groupSizes.length;
    while (max >= size) size <<= 1;
    if (size !== grouped.groupSizes.length) {
      grouped.groupSizes = new Uint32Array(size);
      grouped.length = size;
    }
    for (const { group, size: count } of groups) grouped.groupSizes[group] = count;
    grouped._cGroup = 0;
    grouped._cIndex = 0;
    grouped.tag.element?.remove(); // the empty element getTag() just made
    grouped.tag = new AdoptedTag(element, sheet);

    for (const { id, names } of groups) for (const name of names) mainSheet.registerName(id, name);
    return "adopted";
  } catch (error) {
    // styled-components' own way: given its marker rules back, it copies every rule into a new element.
    element.textContent = withMarkers(groups);
    element.setAttribute(SC_ATTR, "");
    mainSheet.rehydrate();
    warn("Server styles not adopted:", error);
    return "fallback";
  }
}
