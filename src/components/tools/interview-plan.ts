/**
 * The interview builder's plan: which competencies and questions of a role's guide are chosen, in
 * which order, and the guide written out as Markdown or plain text. Pure; the component owns state.
 */
export interface GuideQuestion {
  id: string;
  text: string;
  lookFor: string;
}
export interface GuideCompetency {
  name: string;
  description: string;
  questions: readonly GuideQuestion[];
}
export interface Guide {
  slug: string;
  role: string;
  title: string;
  summary: string;
  competencies: readonly GuideCompetency[];
}

/** Chosen competencies (names) and questions (ids, in interview order). */
export interface Selection {
  competencies: string[];
  questions: string[];
}
export interface PlanItem {
  question: GuideQuestion;
  competency: GuideCompetency;
}

/** Questions suggested per competency when a role or competency is first picked. */
export const SUGGESTED_PER_COMPETENCY = 2;

const suggested = (c: GuideCompetency) => c.questions.slice(0, SUGGESTED_PER_COMPETENCY).map((q) => q.id);

export const defaultSelection = (guide: Guide): Selection => ({
  competencies: guide.competencies.map((c) => c.name),
  questions: guide.competencies.flatMap(suggested),
});

const competencyOf = (guide: Guide, questionId: string) => guide.competencies.find((c) => c.questions.some((q) => q.id === questionId));

/** Keeps only names and ids the guide still has (stored selections may be stale), without duplicates. */
export function sanitizeSelection(guide: Guide, stored: unknown): Selection {
  if (!stored || typeof stored !== "object") return defaultSelection(guide);
  const raw = stored as Partial<Record<keyof Selection, unknown>>;
  if (!Array.isArray(raw.competencies) || !Array.isArray(raw.questions)) return defaultSelection(guide);
  const names = new Set(guide.competencies.map((c) => c.name));
  const competencies = [...new Set(raw.competencies.filter((n): n is string => typeof n === "string" && names.has(n)))];
  const questions = [
    ...new Set(
      raw.questions.filter((id): id is string => {
        if (typeof id !== "string") return false;
        const c = competencyOf(guide, id);
        return Boolean(c && competencies.includes(c.name));
      }),
    ),
  ];
  return { competencies, questions };
}

/** Ticking a competency suggests its first questions; unticking removes its questions from the plan. */
export function toggleCompetency(guide: Guide, sel: Selection, name: string): Selection {
  const competency = guide.competencies.find((c) => c.name === name);
  if (!competency) return sel;
  if (sel.competencies.includes(name)) {
    const ids = new Set(competency.questions.map((q) => q.id));
    return { competencies: sel.competencies.filter((n) => n !== name), questions: sel.questions.filter((id) => !ids.has(id)) };
  }
  const order = guide.competencies.map((c) => c.name);
  const competencies = [...sel.competencies, name].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { competencies, questions: [...sel.questions, ...suggested(competency).filter((id) => !sel.questions.includes(id))] };
}

/** Adds a question at the end of the interview, or removes it. */
export const toggleQuestion = (sel: Selection, id: string): Selection =>
  sel.questions.includes(id) ? removeQuestion(sel, id) : { ...sel, questions: [...sel.questions, id] };

export const removeQuestion = (sel: Selection, id: string): Selection => ({ ...sel, questions: sel.questions.filter((q) => q !== id) });

/** Moves a question one place up (−1) or down (+1); unchanged at either end. */
export function moveQuestion(sel: Selection, id: string, delta: -1 | 1): Selection {
  const from = sel.questions.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= sel.questions.length) return sel;
  const questions = [...sel.questions];
  [questions[from], questions[to]] = [questions[to], questions[from]];
  return { ...sel, questions };
}

/** The boxes ticked in the server-rendered pickers when the page's scripts started (names and question ids). */
export interface TickedBeforeHydration {
  competencies: readonly string[];
  questions: readonly string[];
}

/**
 * The selection a visitor made in the server-rendered pickers before the page's scripts ran: starting from
 * what was rendered, each box whose state changed is toggled as a click would have (a competency ticked adds
 * its suggested questions, one unticked takes its questions away; a question ticked goes to the end).
 */
export function adoptTicked(guide: Guide, rendered: Selection, ticked: TickedBeforeHydration): Selection {
  let sel = rendered;
  for (const c of guide.competencies)
    if (rendered.competencies.includes(c.name) !== ticked.competencies.includes(c.name)) sel = toggleCompetency(guide, sel, c.name);
  const renderedQuestions = guide.competencies.filter((c) => rendered.competencies.includes(c.name)).flatMap((c) => c.questions);
  for (const q of renderedQuestions) {
    const competency = competencyOf(guide, q.id);
    if (!competency || !sel.competencies.includes(competency.name)) continue;
    if (
      rendered.questions.includes(q.id) !== ticked.questions.includes(q.id) &&
      sel.questions.includes(q.id) !== ticked.questions.includes(q.id)
    )
      sel = toggleQuestion(sel, q.id);
  }
  return sel;
}

export function planItems(guide: Guide, sel: Selection): PlanItem[] {
  return sel.questions.flatMap((id) => {
    const competency = competencyOf(guide, id);
    const question = competency?.questions.find((q) => q.id === id);
    return competency && question ? [{ competency, question }] : [];
  });
}

export const guideFilename = (guide: Guide) => `${guide.slug}-interview-guide.md`;

/** About five minutes a question, with a floor for introductions. */
const minutes = (count: number) => `about ${Math.max(15, count * 5)} minutes`;

/** The chosen guide as Markdown, ready to paste into a doc or wiki. */
export function toMarkdown(guide: Guide, items: PlanItem[]): string {
  const lines = [
    `# ${guide.role} interview`,
    "",
    `${items.length} question${items.length === 1 ? "" : "s"}, ${minutes(items.length)}.`,
    "",
    "Candidate: ______________________  Interviewer: ______________________  Date: __________",
    "",
  ];
  const used = [...new Set(items.map((i) => i.competency.name))];
  if (used.length) {
    lines.push("## Competencies", "");
    for (const name of used) {
      const c = items.find((i) => i.competency.name === name)!.competency;
      lines.push(`- **${c.name}**: ${c.description}`);
    }
    lines.push("");
  }
  lines.push("## Questions", "");
  items.forEach(({ question, competency }, i) => {
    lines.push(
      `### ${i + 1}. ${question.text}`,
      "",
      `_${competency.name}_`,
      "",
      `**Look for:** ${question.lookFor}`,
      "",
      "**Notes:**",
      "",
      "",
    );
  });
  lines.push("## Overall", "", "Score (1–4): ____", "", "Recommendation: ______________________", "");
  return lines.join("\n");
}

/** The same guide as plain text, for email or a chat message. */
export function toPlainText(guide: Guide, items: PlanItem[]): string {
  const lines = [`${guide.role} interview`, `${items.length} question${items.length === 1 ? "" : "s"}, ${minutes(items.length)}`, ""];
  items.forEach(({ question, competency }, i) => {
    lines.push(`${i + 1}. ${question.text}`, `   Competency: ${competency.name}`, `   Look for: ${question.lookFor}`, "");
  });
  return lines.join("\n").trimEnd() + "\n";
}
