/**
 * Link decoration in the running app (docs/product-rules.md#attribution, #link-decoration): links rendered later are decorated too, decorated
 * same-origin links keep their params through client-side navigation, the login click marker and the
 * partner params. The rules themselves are in ./link-rules (shared with the early script).
 */
import {
  DECORATED,
  LOGIN_CLICKED_KEY,
  PARTNER_PARAMS,
  decorateAnchor,
  decorateLinks,
  resolveHttpUrl,
  type DecorationContext,
  type PartnerParams,
} from "./link-rules";
import { gatsbyNavigate, isPlainLeftClick } from "../hydration";
import { STORAGE_TTL_MS, getStored, setStored, type StorageLike } from "./storage";

export * from "./link-rules";
export type { StorageLike };
export { STORAGE_TTL_MS };

/** docs/product-rules.md#link-decoration: links rendered later are decorated too. Returns a disconnect function. */
export function observeLinks(root: Node, context: () => DecorationContext): () => void {
  const view = (root.ownerDocument ?? (root as Document)).defaultView;
  if (!view || typeof view.MutationObserver !== "function") return () => undefined;
  const observer = new view.MutationObserver((records) => {
    const ctx = context();
    for (const record of records) {
      if (record.type === "attributes" && (record.target as Element).matches("a[href]")) decorateAnchor(record.target as Element, ctx);
      record.addedNodes.forEach((node) => {
        if (node.nodeType === 1) decorateLinks(node as Element, ctx);
      });
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["href"] });
  return () => observer.disconnect();
}

/**
 * SiteLink (like gatsby's <Link>) navigates to its `to` prop, not the DOM href, so a plain click on a
 * decorated same-origin link is routed here (capture phase) to keep the params.
 */
export function followDecoratedLink(event: MouseEvent, win: Window): void {
  if (!isPlainLeftClick(event)) return;
  const target = event.target as Element | null;
  const anchor = target && typeof target.closest === "function" ? target.closest<HTMLAnchorElement>(`a[${DECORATED}]`) : null;
  if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
  const url = resolveHttpUrl(anchor.getAttribute("href") ?? "", new URL(win.location.href));
  const navigate = gatsbyNavigate(win);
  if (!url || url.origin !== win.location.origin || !navigate) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
}

/** docs/product-rules.md#markers: remember that the login link was clicked. */
export function markLoginClicked(storage: StorageLike | null): void {
  try {
    storage?.setItem(LOGIN_CLICKED_KEY, "true");
  } catch {
    // Storage full or blocked: the marker is best effort.
  }
}

/**
 * docs/product-rules.md#link-decoration: gspk / gsxid from the query (then kept in local storage, expiring per
 * docs/product-rules.md#browser-storage) or, failing that, from local storage.
 */
export function readPartnerParams(search: string, storage: StorageLike | null, now: number): PartnerParams {
  const query = new URLSearchParams(search);
  const partner: PartnerParams = {};
  for (const name of PARTNER_PARAMS) {
    const fromQuery = query.get(name);
    if (fromQuery) {
      partner[name] = fromQuery;
      setStored(name, fromQuery, { now, storage }); // blocked or full storage: the query's value still applies
    } else {
      const stored = getStored<unknown>(name, now, storage);
      if (typeof stored === "string" && stored) partner[name] = stored;
    }
  }
  return partner;
}
