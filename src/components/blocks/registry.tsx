import type { ComponentType } from "react";
import { graphql } from "gatsby";
import { StaticIsland } from "../../hydration";
import { hasForms } from "../markdown/has-forms";
import type { BlockProps } from "./parts";
import { HeroBlock } from "./hero";
import { FeatureGridBlock } from "./feature-grid";
import { LogoWallBlock } from "./logo-wall";
import { TestimonialBlock } from "./testimonial";
import { CallToActionBlock } from "./call-to-action";
import { FaqBlock } from "./faq";
import { MarkdownBlock } from "./markdown";
import { FormBlock } from "./form";
import { PricingTableBlock } from "./pricing-table";
import { StatsBlock } from "./stats";
import { IntegrationList } from "./integration-list";
import { JobList } from "./job-list";
import { CompanyList } from "./company-list";
import { UnknownBlock } from "./unknown-block";

/** A landing page's block as its query gives it: `blocktype` (the CMS-agnostic key) and its block's own fields. */
export type LandingBlockData = Queries.LandingBlockFieldsFragment;

/** Each block type's own fragment, keyed by the `blocktype` every `LandingSection` implementation carries. */
interface BlockFragments {
  Hero: Queries.HeroBlockFragment;
  FeatureGrid: Queries.FeatureGridBlockFragment;
  LogoWall: Queries.LogoWallBlockFragment;
  Testimonial: Queries.TestimonialBlockFragment;
  CallToAction: Queries.CallToActionBlockFragment;
  Faq: Queries.FaqBlockFragment;
  Markdown: Queries.MarkdownBlockFragment;
  Form: Queries.FormBlockFragment;
  PricingTable: Queries.PricingTableBlockFragment;
  Stats: Queries.StatsBlockFragment;
  IntegrationList: Queries.IntegrationListBlockFragment;
  JobList: Queries.JobListBlockFragment;
  CompanyList: Queries.CompanyListBlockFragment;
}

export type Blocktype = keyof BlockFragments;

interface BlockEntry<Fragment> {
  component: ComponentType<BlockProps<Fragment>>;
  /** Whether the block needs React in the browser (state, effects, personalization, a form), so it hydrates. */
  interactive: boolean | ((block: Fragment) => boolean);
}

/** blocktype → component, and whether it hydrates. A block type missing here renders `UnknownBlock`. */
export const blocks: { [T in Blocktype]: BlockEntry<BlockFragments[T]> } = {
  Hero: { component: HeroBlock, interactive: true },
  FeatureGrid: { component: FeatureGridBlock, interactive: false },
  LogoWall: { component: LogoWallBlock, interactive: false },
  Testimonial: { component: TestimonialBlock, interactive: false },
  CallToAction: { component: CallToActionBlock, interactive: false },
  Faq: { component: FaqBlock, interactive: false },
  Markdown: { component: MarkdownBlock, interactive: (block) => hasForms(block.body) },
  Form: { component: FormBlock, interactive: true },
  PricingTable: { component: PricingTableBlock, interactive: false },
  Stats: { component: StatsBlock, interactive: false },
  IntegrationList: { component: IntegrationList, interactive: false },
  JobList: { component: JobList, interactive: false },
  CompanyList: { component: CompanyList, interactive: false },
};

const isBlocktype = (blocktype: string): blocktype is Blocktype => Object.hasOwn(blocks, blocktype);

/** The entry for a block, typed for its data. */
function entryFor(block: LandingBlockData): BlockEntry<LandingBlockData> | undefined {
  return isBlocktype(block.blocktype) ? (blocks[block.blocktype] as unknown as BlockEntry<LandingBlockData>) : undefined;
}

/** Whether a block hydrates (see BlockEntry.interactive). An unknown block has nothing to hydrate. */
export function isInteractive(block: LandingBlockData): boolean {
  const interactive = entryFor(block)?.interactive ?? false;
  return typeof interactive === "function" ? interactive(block) : interactive;
}

/** One block of a landing page, through the registry; the first block's heading is the page's h1. */
export function LandingBlock({ block, index }: { block: LandingBlockData; index: number }) {
  const entry = entryFor(block);
  // Unwrapped: in production it renders nothing, and an island around nothing would still leave its wrapper.
  if (!entry) return <UnknownBlock blocktype={block.blocktype} />;
  const rendered = <entry.component section={block} first={index === 0} />;
  return isInteractive(block) ? rendered : <StaticIsland source={block}>{rendered}</StaticIsland>;
}

export const query = graphql`
  fragment LandingBlockFields on LandingSection {
    id
    blocktype
    ... on HeroSection {
      ...HeroBlock
    }
    ... on FeatureGridSection {
      ...FeatureGridBlock
    }
    ... on LogoWallSection {
      ...LogoWallBlock
    }
    ... on TestimonialSection {
      ...TestimonialBlock
    }
    ... on CallToActionSection {
      ...CallToActionBlock
    }
    ... on FaqSection {
      ...FaqBlock
    }
    ... on MarkdownSection {
      ...MarkdownBlock
    }
    ... on FormSection {
      ...FormBlock
    }
    ... on PricingTableSection {
      ...PricingTableBlock
    }
    ... on StatsSection {
      ...StatsBlock
    }
    ... on IntegrationListSection {
      ...IntegrationListBlock
    }
    ... on JobListSection {
      ...JobListBlock
    }
    ... on CompanyListSection {
      ...CompanyListBlock
    }
  }
`;
