// @vitest-environment jsdom
/**
 * Landing-page blocks (src/components/blocks): every block type in the registry renders its content, a block type
 * with no component shows a notice in develop and nothing in production, and the registry decides which blocks
 * hydrate and which stay static islands.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";

import { setStaticQueryData } from "../../../fixtures/gatsby-mock";
import { blocks, isInteractive, LandingBlock, type Blocktype, type LandingBlockData } from "../../../../src/components/blocks/registry";
import { UnknownBlock } from "../../../../src/components/blocks/unknown-block";
import { LandingListsContext, type LandingLists } from "../../../../src/components/blocks/landing-lists";

vi.mock("gatsby", async () => (await import("../../../fixtures/gatsby-mock")).gatsbyMock);
vi.mock("gatsby-plugin-image", () => ({ GatsbyImage: () => null }));

setStaticQueryData({
  allPersonalizationExperience: { nodes: [] },
  navigationVariants: { nodes: [] },
  allPersonalizationHeroVariant: { nodes: [] },
});

const cta = (label: string, url: string) => ({ label, url });
const markdown = (html: string, withForm = false) => ({
  segments: [
    { kind: "html", html, form: null },
    ...(withForm ? [{ kind: "form", html: null, form: { alternative_id: "demo", fieldGroups: [] } }] : []),
  ],
  headings: [],
  readingMinutes: 1,
});

/** One block of each type, as the landing page's query gives it, and something it must show. */
const examples: Record<Blocktype, { fields: object; shows: string }> = {
  Hero: {
    fields: {
      sectionId: null,
      kicker: "Help desk",
      heading: "Support that scales",
      text: "One inbox.",
      primaryCta: cta("Start free", "/members/register/"),
      secondaryCta: null,
      image: null,
    },
    shows: "Support that scales",
  },
  FeatureGrid: {
    fields: {
      heading: "Features",
      text: null,
      features: [{ title: "Shared inbox", text: "Work together.", icon: "inbox", url: "/shared-inbox/" }],
    },
    shows: "Shared inbox",
  },
  LogoWall: { fields: { heading: "Trusted by", logos: ["Acme", "Globex"] }, shows: "Globex" },
  Testimonial: {
    fields: { quote: "We answer twice as fast.", name: "Ana", role: "Head of Support", company: "Acme" },
    shows: "“We answer twice as fast.”",
  },
  CallToAction: {
    fields: {
      heading: "Try it",
      text: null,
      cta: cta("Start free", "/members/register/"),
      secondaryCta: cta("Get a demo", "/lp/get-a-demo/"),
    },
    shows: "Get a demo",
  },
  Faq: {
    fields: { heading: "Questions", items: [{ question: "Is there a free trial?", answer: "Yes, 15 days." }] },
    shows: "Yes, 15 days.",
  },
  Markdown: { fields: { heading: "About", body: markdown("<p>Our story.</p>") }, shows: "Our story." },
  Form: { fields: { heading: "Talk to sales", text: "We answer within a day.", form: null }, shows: "We answer within a day." },
  PricingTable: {
    fields: {
      heading: "Plans",
      plans: [
        {
          name: "Standard",
          price: "$20",
          period: "per user",
          description: "For teams.",
          features: ["Shared inbox"],
          highlighted: true,
          cta: cta("Choose Standard", "/members/register/"),
        },
      ],
    },
    shows: "Choose Standard",
  },
  Stats: { fields: { heading: "In numbers", stats: [{ value: "98%", label: "satisfaction" }] }, shows: "satisfaction" },
  IntegrationList: { fields: { heading: "Integrations", text: null }, shows: "Acme CRM" },
  JobList: { fields: { heading: "Open roles", text: null }, shows: "Support Engineer" },
  CompanyList: { fields: { heading: "Customer stories", text: null }, shows: "Globex" },
};

const lists = {
  landingIntegrations: {
    nodes: [{ slug: "acme-crm", name: "Acme CRM", category: "CRM", summary: "Sync contacts.", isNew: false, logo: null }],
  },
  landingJobs: {
    nodes: [{ slug: "support-engineer", title: "Support Engineer", department: "Support", location: "Berlin", remote: false }],
  },
  landingCompanies: { nodes: [{ slug: "globex", name: "Globex", industry: "Retail", summary: "Faster replies.", logo: null }] },
} as unknown as LandingLists;

const blockOf = (blocktype: string, fields: object = {}) => ({ id: `id-${blocktype}`, blocktype, ...fields }) as LandingBlockData;

function renderBlock(block: LandingBlockData, index = 1) {
  return render(
    <LandingListsContext.Provider value={lists}>
      <LandingBlock block={block} index={index} />
    </LandingListsContext.Provider>,
  );
}

const island = (container: HTMLElement) => container.querySelector(":scope > [data-island]");

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("landing-page blocks", () => {
  it("has an example here for every block type in the registry", () => {
    expect(Object.keys(examples).sort()).toEqual(Object.keys(blocks).sort());
  });

  it.each(Object.entries(examples))("renders a %s block through the registry", (blocktype, { fields, shows }) => {
    renderBlock(blockOf(blocktype, fields));
    expect(screen.getByText(shows)).toBeInTheDocument();
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("makes the first block's heading the page's h1, and a later block's an h2", () => {
    renderBlock(blockOf("CallToAction", examples.CallToAction.fields), 0);
    expect(screen.getByRole("heading", { level: 1, name: "Try it" })).toBeInTheDocument();
    cleanup();
    renderBlock(blockOf("CallToAction", examples.CallToAction.fields), 2);
    expect(screen.getByRole("heading", { level: 2, name: "Try it" })).toBeInTheDocument();
  });
});

describe("a block type with no component", () => {
  it("shows editors a notice in develop and preview", () => {
    render(<UnknownBlock blocktype="Carousel" visible />);
    expect(screen.getByRole("note")).toHaveTextContent("This section type (Carousel) has no component yet.");
  });

  it("leaves nothing on a production page, and names the type in the log once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const first = render(<UnknownBlock blocktype="Timeline" visible={false} />);
    render(<UnknownBlock blocktype="Timeline" visible={false} />);
    expect(first.container).toBeEmptyDOMElement();
    expect(screen.queryByRole("note")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('"Timeline"');
  });

  it("is what the registry renders for it, without an island around it", () => {
    const { container } = renderBlock(blockOf("Carousel", { heading: "Slides" }));
    // vitest is not a production build: the notice shows, as in develop
    expect(screen.getByRole("note")).toHaveTextContent("(Carousel)");
    expect(island(container)).toBeNull();
    expect(isInteractive(blockOf("Carousel"))).toBe(false);
  });
});

describe("which blocks hydrate", () => {
  const interactive = new Set(["Hero", "Form"]);

  it.each(Object.entries(examples))("%s: static island unless it needs React", (blocktype, { fields }) => {
    const block = blockOf(blocktype, fields);
    const { container } = renderBlock(block);
    expect(isInteractive(block)).toBe(interactive.has(blocktype));
    if (interactive.has(blocktype)) expect(island(container)).toBeNull();
    else expect(island(container)).not.toBeNull();
  });

  it("hydrates a Markdown block only when its body embeds a lead form", () => {
    expect(isInteractive(blockOf("Markdown", { heading: null, body: markdown("<p>Plain.</p>") }))).toBe(false);
    const withForm = blockOf("Markdown", { heading: null, body: markdown("<p>Ask us.</p>", true) });
    expect(isInteractive(withForm)).toBe(true);
    const { container } = renderBlock(withForm);
    expect(island(container)).toBeNull();
  });
});
