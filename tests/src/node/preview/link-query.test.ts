import { describe, expect, it } from "vitest";
import { buildSchema, parse, validate } from "graphql";
import { linkQuery, rootFieldFor, selectionAt } from "../../../../src/node/preview/link-query";

// The shape of the site's schema: interfaces the pages query, concrete Contentful types with a root field each.
const schema = buildSchema(`
  scalar JSON
  input IdFilter { eq: String }
  interface Node { id: ID! }
  interface ImageAsset { alt: String! gatsbyImageData(width: Int, layout: String, formats: [String]): JSON }
  type ContentfulAsset implements Node & ImageAsset { id: ID! alt: String! url: String gatsbyImageData(width: Int, layout: String, formats: [String]): JSON }
  interface Author implements Node { id: ID! entryId: String name: String! avatar: ImageAsset! }
  type ContentfulAuthor implements Node & Author { id: ID! entryId: String name: String! avatar: ImageAsset! }
  interface LandingSection { id: ID! blocktype: String! }
  interface HeroSection implements LandingSection { id: ID! blocktype: String! heading: String image: ImageAsset }
  interface MarkdownSection implements LandingSection { id: ID! blocktype: String! body: String }
  type ContentfulHeroSection implements Node & LandingSection & HeroSection { id: ID! blocktype: String! heading: String image: ImageAsset }
  type ContentfulMarkdownSection implements Node & LandingSection & MarkdownSection { id: ID! blocktype: String! body: String }
  type BlogPost { entryId: String title: String! image: ImageAsset! author: Author! }
  type LandingPage { sections: [LandingSection!]! }
  type Query {
    blogPost(id: IdFilter): BlogPost
    landingPage(id: IdFilter): LandingPage
    allContentfulAsset: [ContentfulAsset!]!
    contentfulAsset(id: IdFilter): ContentfulAsset
    contentfulAuthor(id: IdFilter): ContentfulAuthor
    contentfulHeroSection(id: IdFilter): ContentfulHeroSection
  }
`);

const postQuery = `
  query BlogPostTemplate($id: String!, $avatarWidth: Int) {
    post: blogPost(id: { eq: $id }) {
      entryId
      title
      image { alt gatsbyImageData(width: 760, layout: "CONSTRAINED", formats: ["JPG", "WEBP"]) }
      author { ...AuthorCard }
    }
  }
  fragment AuthorCard on Author { entryId name avatar { ...Avatar } }
  fragment Avatar on ImageAsset { alt gatsbyImageData(width: $avatarWidth, layout: "FIXED") }
  fragment Unused on Author { name }
`;
const landingQuery = `
  query LandingPageTemplate($id: String!) {
    landingPage(id: { eq: $id }) {
      sections {
        blocktype
        ... on HeroSection { heading image { alt gatsbyImageData(width: 1200, layout: "CONSTRAINED") } }
        ...Markdown
      }
    }
  }
  fragment Markdown on MarkdownSection { body }
`;

describe("a live edit's new link is asked for as the page's query asked for the old one (docs/content.md#live-preview-links)", () => {
  it("finds the selection at a result path, through aliases and fragments", () => {
    const selection = selectionAt(parse(postQuery), ["post", "author", "avatar"]);
    expect(selection?.map((s) => (s.kind === "FragmentSpread" ? s.name.value : ""))).toEqual(["Avatar"]);
    expect(selectionAt(parse(postQuery), ["post", "nothing"])).toBeUndefined();
    expect(selectionAt(parse(postQuery), ["post", "title"])).toBeUndefined();
  });

  it("asks for an image by its node id with the page query's gatsbyImageData arguments", () => {
    const q = linkQuery(postQuery, ["post", "image"], schema, "ContentfulAsset", "node-a2")!;
    expect(q.query).toContain('node: contentfulAsset(id: {eq: "node-a2"})');
    expect(q.query).toContain('gatsbyImageData(width: 760, layout: "CONSTRAINED", formats: ["JPG", "WEBP"])');
    expect(q.variables).toEqual([]);
    expect(validate(schema, parse(q.query))).toEqual([]);
  });

  it("asks for an entry with the fragments and variables its selection uses, and no others", () => {
    const q = linkQuery(postQuery, ["post", "author"], schema, "ContentfulAuthor", "node-au2")!;
    expect(q.query).toContain("fragment AuthorCard on Author");
    expect(q.query).toContain("fragment Avatar on ImageAsset");
    expect(q.query).not.toContain("fragment Unused");
    expect(q.query).toMatch(/query LivePreviewLink\(\$avatarWidth: Int\)/);
    expect(q.variables).toEqual(["avatarWidth"]);
    expect(validate(schema, parse(q.query))).toEqual([]);
  });

  it("keeps only the parts of an interface's selection that the new node's type can take", () => {
    const q = linkQuery(landingQuery, ["landingPage", "sections"], schema, "ContentfulHeroSection", "node-h2")!;
    expect(q.query).toContain("... on HeroSection");
    expect(q.query).not.toContain("Markdown");
    expect(validate(schema, parse(q.query))).toEqual([]);
  });

  it("gives up where the page's query has no selection or no root field finds the type", () => {
    expect(linkQuery(postQuery, ["post", "category"], schema, "ContentfulAsset", "n")).toBeUndefined();
    expect(linkQuery(landingQuery, ["landingPage", "sections"], schema, "ContentfulMarkdownSection", "n")).toBeUndefined();
    expect(rootFieldFor(schema, "ContentfulAsset")).toBe("contentfulAsset");
  });
});
