/** The interview-builder library's search. */
export type LibraryType = "all" | "guide" | "description";

export interface LibraryItem {
  type: Exclude<LibraryType, "all">;
  slug: string;
  title: string;
  summary: string;
  path: string;
  /** Extra words to match: role, competencies, department. */
  keywords: readonly string[];
  /** What the item covers: competency descriptions and questions, responsibilities, requirements. */
  text?: readonly string[];
}

export const LIBRARY_TYPES: { value: LibraryType; label: string }[] = [
  { value: "all", label: "All" },
  { value: "guide", label: "Interview guides" },
  { value: "description", label: "Job descriptions" },
];

export const isLibraryType = (v: unknown): v is LibraryType => LIBRARY_TYPES.some((t) => t.value === v);

const normalize = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

/** Suffixes stripped by `stem`, longest first; "ies" becomes "y" so "replies" meets "reply". */
const SUFFIXES = [
  "ations",
  "ation",
  "ating",
  "ators",
  "ator",
  "ings",
  "ing",
  "ated",
  "ates",
  "ate",
  "ship",
  "ment",
  "ers",
  "er",
  "ed",
  "es",
  "s",
];
const DOUBLED = /([b-df-hj-np-tv-z])\1$/;

/**
 * A light English stemmer (word forms, not meaning): escalation, escalations, escalate, escalated, escalating
 * → "escal"; writing, writer, writes, write → "writ"; leads, leader, leading → "lead".
 */
export function stem(word: string, depth = 0): string {
  let w = normalize(word).replace(/[^a-z0-9]/g, "");
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) return `${w.slice(0, -3)}y`;
  for (const suffix of SUFFIXES) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 3) continue;
    if (suffix === "s" && /(ss|us|is)$/.test(w)) break; // process, status, analysis keep their s
    w = w.slice(0, -suffix.length);
    if (DOUBLED.test(w) && !/(ll|ss|ff|zz)$/.test(w)) w = w.slice(0, -1); // planning → plan
    // one more step for stacked suffixes: leadership → leader → lead, management → manage → manag
    return depth === 0 ? stem(w, 1) : w;
  }
  return w.length > 4 && w.endsWith("e") ? w.slice(0, -1) : w;
}

const stems = (texts: readonly string[]) =>
  new Set(
    normalize(texts.join(" "))
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map(stem),
  );

interface Index {
  /** Title and keywords: a match here ranks the item first. */
  names: Set<string>;
  all: Set<string>;
}
const indexes = new WeakMap<LibraryItem, Index>();
/** Built on the first search, not when the page renders (most visitors never type). */
function indexOf(item: LibraryItem): Index {
  let index = indexes.get(item);
  if (!index) {
    const names = stems([item.title, ...item.keywords]);
    index = { names, all: new Set([...names, ...stems([item.summary, ...(item.text ?? [])])]) };
    indexes.set(item, index);
  }
  return index;
}
const has = (terms: Set<string>, word: string) => {
  if (terms.has(word)) return true;
  for (const term of terms) if (term.startsWith(word)) return true;
  return false;
};

export function filterLibrary(items: readonly LibraryItem[], query: string, type: LibraryType): LibraryItem[] {
  const words = normalize(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(stem);
  const ofType = items.filter((item) => type === "all" || item.type === type);
  if (!words.length) return ofType;
  const ranked: { item: LibraryItem; named: number }[] = [];
  for (const item of ofType) {
    const index = indexOf(item);
    if (words.every((w) => has(index.all, w))) ranked.push({ item, named: words.filter((w) => has(index.names, w)).length });
  }
  // stable: equally ranked items keep the library's order
  return ranked.sort((a, b) => b.named - a.named).map((r) => r.item);
}
