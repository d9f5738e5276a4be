/** Server-rendered styled-components CSS, taken over in place (docs/architecture.md#lighthouse-and-main-thread, Total Blocking Time). */
import { productionBundle } from "../config/develop";

import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { GROUPS_ATTR, SC_ATTR, compactServerStyles, readServerGroups, withMarkers, type AdoptedGroup } from "./server-style-groups";

export const SC_ACTIVE = "active";
export const SSR_ATTR = "data-styled-ssr";
const VERSION_ATTR = "data-styled-version";

// ---------------------------------------------------------------------------------------------------------
// Server side: the element gatsby-ssr renders
// ---------------------------------------------------------------------------------------------------------

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
 * ({@link markServerStylesActive}), its marker rules replaced by the group list (compactServerStyles).
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
// Browser side: adoption
// ---------------------------------------------------------------------------------------------------------

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
  if (!productionBundle) console.warn(message, error);
};

/** Makes `mainSheet` run on the server's element. */
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
