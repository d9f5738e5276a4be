/**
 * Server-rendered styled-components CSS, taken over in place (docs/architecture.md#lighthouse-and-main-thread, Total Blocking Time).
 *
 * styled-components' own rehydration reads the server's `<style data-styled>` element, inserts every rule
 * again into a new element one `insertRule` at a time, and removes the server's element. The browser then
 * restyles the whole page, although not one rule has changed. Here the running style sheet adopts the server's
 * element instead: it learns which component owns which rules, and which class names are already in it,
 * from the element's own CSSOM, so nothing is parsed or inserted twice and nothing is restyled.
 *
 * The contract with the server: gatsby-ssr marks the element `data-styled="active"`, the value
 * styled-components gives the elements it manages, so its own rehydration (which runs when the library loads)
 * leaves it alone ({@link markServerStylesActive}). The server output looks like this, one group per styled
 * component, the group's rules first and a marker rule last:
 *
 *     .hash{…}@media (…){.hash{…}}data-styled.g12[id="sc-abc"]{content:"hash,"}
 *
 * The running sheet is styled-components' `mainSheet`, reached through its `__PRIVATE__` export. Its
 * group table (`groupSizes`) is filled with the server's group sizes, counting the marker rules, so a rule
 * the browser inserts later lands where it would have in styled-components' own sheet: after its component's
 * rules and before those of components defined after it (the cascade order that `styled(Base)` relies on).
 *
 * Anything unexpected (a rule this browser dropped, a component registered first, other styled-components
 * internals) falls back to styled-components' own rehydration, so the page is styled either way.
 */

import { cloneElement, isValidElement, type ReactNode } from "react";

export const SC_ATTR = "data-styled";
export const SC_ACTIVE = "active";
const SPLITTER = "/*!sc*/\n";
const MARKER = /^data-styled\.g(\d+)\[id="([\w-]+)"\].*?"([^"]*)/;

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

export interface ServerGroup {
  group: number;
  id: string;
  names: string[];
  /** Rules in the CSSOM, the marker rule included. */
  size: number;
}

/**
 * The server's groups, read from the element's text the way styled-components reads it (one rule per
 * `/*!sc*\/` part, so no CSSOM object is made for any rule). Throws unless every part is a rule the browser
 * kept: `ruleCount` is the element's `cssRules.length`, and a rule this browser dropped would shift every index.
 */
export function readServerGroups(text: string, ruleCount: number): ServerGroup[] {
  const groups: ServerGroup[] = [];
  let pending = 0;
  let total = 0;
  let last = 0;
  for (const raw of text.split(SPLITTER)) {
    const part = raw.trim();
    if (!part) continue;
    pending++;
    total++;
    const marker = MARKER.exec(part);
    if (!marker) continue;
    const group = Number(marker[1]);
    if (!(group > last)) throw new Error(`server style groups out of order at ${group}`);
    groups.push({ group, id: marker[2], names: marker[3].split(",").filter(Boolean), size: pending });
    pending = 0;
    last = group;
  }
  if (pending) throw new Error(`${pending} server style rules after the last group marker`);
  if (total !== ruleCount) throw new Error(`the browser kept ${ruleCount} of the ${total} server style rules`);
  return groups;
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

/**
 * Makes `mainSheet` run on the server's element. Must run after styled-components has loaded and before any
 * styled component is defined (group numbers are handed out at definition). Returns what it did.
 */
export function adoptServerStyles(doc: Document, mainSheet: MainSheetLike, StyleSheet: StyleSheetStatics): "adopted" | "none" | "fallback" {
  const element = doc.querySelector<HTMLStyleElement>(`style[${SC_ATTR}="${SC_ACTIVE}"][data-styled-ssr]`);
  if (!element) return "none";
  try {
    const sheet = element.sheet;
    if (!sheet) throw new Error("the server style element has no style sheet");
    if (mainSheet.names.size > 0) throw new Error("styles were registered before the server's were adopted");
    const groups = readServerGroups(element.textContent ?? "", sheet.cssRules.length);

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
    for (const { group, size: rules } of groups) grouped.groupSizes[group] = rules;
    grouped._cGroup = 0;
    grouped._cIndex = 0;
    grouped.tag.element?.remove(); // the empty element getTag() just made
    grouped.tag = new AdoptedTag(element, sheet);

    for (const { id, names } of groups) for (const name of names) mainSheet.registerName(id, name);
    return "adopted";
  } catch (error) {
    // styled-components' own way: copy every rule into a new element.
    element.setAttribute(SC_ATTR, "");
    mainSheet.rehydrate();
    if (process.env.NODE_ENV !== "production") console.warn("Server styles not adopted:", error);
    return "fallback";
  }
}

/**
 * Server side of the contract (gatsby-ssr onPreRenderHTML): marks the element gatsby-plugin-styled-components
 * renders as live (`data-styled="active"`) and as the server's (`data-styled-ssr`). Head components may be
 * nested arrays (the plugin sets `[sheet.getStyleElement()]`).
 */
export function markServerStylesActive(head: ReactNode[]): ReactNode[] {
  return head.map((node): ReactNode => {
    if (Array.isArray(node)) return markServerStylesActive(node);
    if (
      isValidElement<Record<string, unknown>>(node) &&
      node.type === "style" &&
      node.props[SC_ATTR] === "" &&
      "data-styled-version" in node.props
    )
      return cloneElement(node, { [SC_ATTR]: SC_ACTIVE, "data-styled-ssr": "" });
    return node;
  });
}
