import { describe, expect, it } from "vitest";
import { filterLibrary, stem, type LibraryItem } from "../../../../src/components/tools/library-filter";

const items: LibraryItem[] = [
  { type: "guide", slug: "a", title: "Agent guide", summary: "Empathy", path: "/a/", keywords: ["Écriture"] },
  { type: "description", slug: "a", title: "Agent description", summary: "Answers", path: "/d/a/", keywords: ["Support"] },
];

describe("library filter", () => {
  it("matches every word in any field, ignoring case and accents, and filters by type", () => {
    expect(filterLibrary(items, "", "all")).toHaveLength(2);
    expect(filterLibrary(items, "AGENT ecriture", "all").map((i) => i.title)).toEqual(["Agent guide"]);
    expect(filterLibrary(items, "agent", "description").map((i) => i.title)).toEqual(["Agent description"]);
    expect(filterLibrary(items, "nothing", "all")).toEqual([]);
  });

  it("stems word forms alike, so any form of a word finds the others", () => {
    for (const forms of [
      ["escalation", "escalations", "escalate", "escalated", "escalates", "escalating"],
      ["write", "writes", "writing", "writer", "writers"],
      ["lead", "leads", "leading", "leader", "leadership"],
      ["plan", "planning", "planned"],
      ["reply", "replies"],
    ])
      expect(new Set(forms.map((w) => stem(w))), forms.join()).toHaveLength(1);
    expect(stem("process")).toBe("process");
    expect(stem("status")).toBe("status");
  });

  it("searches what an item covers (questions, descriptions), by word form and prefix; title and keyword matches rank first", () => {
    const library: LibraryItem[] = [
      {
        type: "guide",
        slug: "ops",
        title: "Operations guide",
        summary: "Process.",
        path: "/o/",
        keywords: [],
        text: ["Works with team leads"],
      },
      { type: "guide", slug: "lead", title: "Team Lead guide", summary: "Coaching.", path: "/l/", keywords: ["Support Team Lead"] },
      {
        type: "guide",
        slug: "agent",
        title: "Agent guide",
        summary: "Answers.",
        path: "/a/",
        keywords: [],
        text: ["When do you escalate a conversation?"],
      },
    ];
    expect(filterLibrary(library, "escalation", "all").map((i) => i.slug)).toEqual(["agent"]);
    expect(filterLibrary(library, "escalating conversations", "all").map((i) => i.slug)).toEqual(["agent"]);
    expect(filterLibrary(library, "esc", "all").map((i) => i.slug)).toEqual(["agent"]);
    expect(filterLibrary(library, "team leads", "all").map((i) => i.slug)).toEqual(["lead", "ops"]);
    expect(filterLibrary(library, "escalation", "description")).toEqual([]);
  });
});
