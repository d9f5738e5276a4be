import { describe, expect, it } from "vitest";
import {
  adoptTicked,
  defaultSelection,
  guideFilename,
  moveQuestion,
  planItems,
  removeQuestion,
  sanitizeSelection,
  toggleCompetency,
  toggleQuestion,
  toMarkdown,
  toPlainText,
} from "../../../../src/components/tools/interview-plan";
import { agentGuide as guide } from "../../../fixtures/interview-data";

describe("interview plan", () => {
  it("starts with every competency and its first two questions", () => {
    expect(defaultSelection(guide)).toEqual({ competencies: ["Empathy", "Writing"], questions: ["e1", "e2", "w1", "w2"] });
  });

  it("unticking a competency removes its questions; ticking it again suggests two, in guide order", () => {
    const without = toggleCompetency(guide, defaultSelection(guide), "Empathy");
    expect(without).toEqual({ competencies: ["Writing"], questions: ["w1", "w2"] });
    expect(toggleCompetency(guide, without, "Empathy")).toEqual({
      competencies: ["Empathy", "Writing"],
      questions: ["w1", "w2", "e1", "e2"],
    });
  });

  it("adds questions at the end, removes them, and moves them one place at a time", () => {
    let sel = toggleQuestion(defaultSelection(guide), "e3");
    expect(sel.questions).toEqual(["e1", "e2", "w1", "w2", "e3"]);
    sel = moveQuestion(sel, "e3", -1);
    expect(sel.questions).toEqual(["e1", "e2", "w1", "e3", "w2"]);
    expect(moveQuestion(sel, "e1", -1)).toBe(sel);
    expect(moveQuestion(sel, "w2", 1)).toBe(sel);
    sel = removeQuestion(sel, "e1");
    expect(sel.questions).toEqual(["e2", "w1", "e3", "w2"]);
    expect(toggleQuestion(sel, "e2").questions).toEqual(["w1", "e3", "w2"]);
  });

  it("a stale or corrupt stored selection is cleaned against the guide", () => {
    expect(sanitizeSelection(guide, "junk")).toEqual(defaultSelection(guide));
    expect(sanitizeSelection(guide, { competencies: ["Writing", "Gone", 3], questions: ["w2", "w2", "e1", "zz", null] })).toEqual({
      competencies: ["Writing"],
      questions: ["w2"],
    });
  });

  it("writes the guide as Markdown and plain text in the chosen order", () => {
    const sel = moveQuestion(defaultSelection(guide), "w1", -1);
    const items = planItems(guide, sel);
    const md = toMarkdown(guide, items);
    expect(md.startsWith("# Customer Support Agent interview\n\n4 questions, about 20 minutes.")).toBe(true);
    expect(md).toContain("- **Empathy**: Understands people.");
    expect(md).toContain("### 2. Rewrite this reply.\n\n_Writing_\n\n**Look for:** Good answer to w1");
    expect(md.indexOf("How do you say no?")).toBeGreaterThan(md.indexOf("Rewrite this reply."));
    const text = toPlainText(guide, items);
    expect(text).toContain("1. Tell me about an upset customer.\n   Competency: Empathy\n   Look for: Good answer to e1");
    expect(guideFilename(guide)).toBe("customer-support-agent-interview-guide.md");
  });
});

describe("choices made before hydration", () => {
  const shown = defaultSelection(guide); // Empathy e1 e2, Writing w1 w2

  it("nothing changed: the rendered selection", () => {
    expect(adoptTicked(guide, shown, shown)).toEqual(shown);
  });

  it("a question unticked leaves the plan, one ticked goes to the end", () => {
    expect(adoptTicked(guide, shown, { competencies: shown.competencies, questions: ["e1", "w1", "w2", "e3"] })).toEqual({
      competencies: ["Empathy", "Writing"],
      questions: ["e1", "w1", "w2", "e3"],
    });
  });

  it("a competency unticked takes its questions, ticked boxes under it included", () => {
    expect(adoptTicked(guide, shown, { competencies: ["Empathy"], questions: ["e1", "e2", "w1", "w3"] })).toEqual({
      competencies: ["Empathy"],
      questions: ["e1", "e2"],
    });
  });

  it("a competency ticked brings its suggested questions, as a click would", () => {
    const rendered = { competencies: ["Empathy"], questions: ["e1", "e2"] };
    expect(adoptTicked(guide, rendered, { competencies: ["Empathy", "Writing"], questions: ["e1"] })).toEqual({
      competencies: ["Empathy", "Writing"],
      questions: ["e1", "w1", "w2"],
    });
  });
});
