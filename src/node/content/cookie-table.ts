// `::cookie-table` in a notice becomes the table of what this build can load, so the notice cannot drift from it
// (docs/content.md#privacy-and-cookie-notices).
import { CATEGORY_LABELS, noticeRows, type NoticeRow, type StoreLine } from "../../vendors/notice";
import type { ScriptIds } from "../../vendors/catalog";
import { readThirdPartySettings } from "../../config/third-party";
import { readConsentSettings } from "../../config/consent";

/** The Markdown line the table replaces, alone on its line. */
export const COOKIE_TABLE_LINE = /^::cookie-table[ \t]*$/gm;

const COLUMNS = ["Vendor", "Purpose", "Category", "What it stores", "Lifetime", "Recipient", "Privacy policy"] as const;

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const storeName = (store: StoreLine) =>
  `<code>${escape(store.name)}</code> ${store.kind}${store.category ? ` (${CATEGORY_LABELS[store.category].toLowerCase()})` : ""}`;

const list = (items: string[]) => (items.length ? `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>` : "None documented");

function row(r: NoticeRow): string {
  const cells = [
    escape(r.purpose),
    r.categories.map((c) => CATEGORY_LABELS[c]).join(", "),
    list(r.stores.map(storeName)),
    r.stores.length ? list(r.stores.map((s) => `<code>${escape(s.name)}</code>: ${escape(s.lifetime)}`)) : "—",
    escape(r.recipient.name),
    `<a href="${escape(r.recipient.policyUrl)}">Privacy policy<span class="visually-hidden"> of ${escape(r.recipient.name)}</span></a>`,
  ];
  const tds = cells.map((cell, i) => `<td data-label="${COLUMNS[i + 1]}">${cell}</td>`).join("");
  return `<tr><th scope="row">${escape(r.name)}</th>${tds}</tr>`;
}

/** The table's HTML for these rows. */
export function cookieTableHtml(rows: readonly NoticeRow[]): string {
  const head = COLUMNS.map((c) => `<th scope="col">${c}</th>`).join("");
  return (
    `<table class="cookie-table"><caption>Cookies and storage this site uses, by vendor</caption>` +
    `<thead><tr>${head}</tr></thead><tbody>${rows.map(row).join("")}</tbody></table>`
  );
}

/** The table for this build: the vendors its environment configures (src/config/third-party.ts). */
export function buildCookieTable(ids: ScriptIds = readThirdPartySettings().scriptIds): string {
  return cookieTableHtml(noticeRows(ids, readConsentSettings().provider?.name));
}
