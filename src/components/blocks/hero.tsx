import React from "react";
import styled from "styled-components";
import { graphql } from "gatsby";
import { theme } from "../../theme/theme";
import { Button } from "../ui/button";
import { Container, Eyebrow, Lead, Section } from "../ui/container";
import { ReserveStack } from "../ui/reserve";
import { Personalized, type SlotSelection } from "../../personalization/context";
import { experiencesFor, slotCopies, type Slot } from "../../personalization/experiences";
import { COPY_ATTR, SLOT_ATTR, SLOT_EXPERIENCES_ATTR } from "../../personalization/stored-selection";
import { useSlotChoice } from "../../personalization/use-slot-choice";
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect";
import { usePersonalizationContent } from "../../personalization/use-personalization-content";
import { Actions, image, type BlockProps } from "./parts";
import { inspectorProps } from "../preview/inspector";

type HeroContent = Queries.HeroBlockFragment;

const HeroGrid = styled(Container)`
  display: grid;
  gap: ${theme.space.xxl};
  align-items: center;
  ${theme.media.l} {
    grid-template-columns: 1.1fr 1fr;
  }
`;

/**
 * docs/product-rules.md#personalization: a hero can be replaced per audience; variants keep the baseline's
 * image (no layout shift from it).
 */
export function HeroBlock({ section, first }: BlockProps<HeroContent>) {
  const { experiences, heroVariants } = usePersonalizationContent();
  const baselineId = `section:${section.sectionId ?? section.id}`;
  const heroExperiences = React.useMemo(
    () =>
      experiencesFor<HeroContent>(experiences, baselineId, (variantId) => {
        const variant = heroVariants.find((v) => `hero:${v.variantId}` === variantId);
        return variant
          ? {
              ...section,
              kicker: variant.kicker,
              heading: variant.heading,
              text: variant.text,
              primaryCta: variant.primaryCta,
              secondaryCta: variant.secondaryCta,
            }
          : undefined;
      }),
    [experiences, heroVariants, baselineId, section],
  );
  const copies = React.useMemo(
    () => slotCopies({ id: baselineId, content: section }, heroExperiences),
    [baselineId, section, heroExperiences],
  );
  const experienceIds = React.useMemo(() => heroExperiences.map((e) => e.id), [heroExperiences]);
  const copyIds = React.useMemo(() => copies.map((c) => c.id), [copies]);
  const choice = useSlotChoice(baselineId, experienceIds, copyIds);
  const slot = copies.length > 1 ? { baselineId, experienceIds, stackRef: choice.stackRef } : undefined;
  return (
    <Personalized
      baseline={{ id: baselineId, content: section }}
      experiences={heroExperiences}
      render={(_content, selection) => (
        <>
          <SelectionReport selection={selection} report={choice.report} />
          <Hero copies={copies} shown={choice.shown} first={first} slot={slot} />
        </>
      )}
    />
  );
}

/** Tells the slot what the SDK selected (the slot decides what it shows). */
function SelectionReport({ selection, report }: { selection: SlotSelection; report: (selection: SlotSelection) => void }) {
  const { id, settled } = selection;
  useIsomorphicLayoutEffect(() => report({ id, settled }), [id, settled, report]);
  return null;
}

function HeroCopy({
  id,
  section,
  first,
  reserved,
  entryId,
}: {
  id: string;
  section: HeroContent;
  first: boolean;
  reserved?: boolean;
  entryId?: string | null;
}) {
  const level = first ? "h1" : "h2";
  // Only the baseline copy is the section entry's own text (a variant's copy is another entry's).
  const inspect = (field: string) => inspectorProps(reserved ? null : entryId, field);
  return (
    <div aria-hidden={reserved || undefined} {...{ [COPY_ATTR]: id }}>
      {section.kicker && <Eyebrow>{section.kicker}</Eyebrow>}
      {reserved ? <p className={level}>{section.heading}</p> : React.createElement(level, inspect("heading") ?? null, section.heading)}
      <Lead {...inspect("text")}>{section.text}</Lead>
      <Actions>
        {section.primaryCta && (
          <Button href={section.primaryCta.url} size="L" tabIndex={reserved ? -1 : undefined}>
            {section.primaryCta.label}
          </Button>
        )}
        {section.secondaryCta && (
          <Button href={section.secondaryCta.url} size="L" variant="outline" tabIndex={reserved ? -1 : undefined}>
            {section.secondaryCta.label}
          </Button>
        )}
      </Actions>
    </div>
  );
}

interface HeroSlot {
  baselineId: string;
  experienceIds: readonly string[];
  stackRef: (element: HTMLElement | null) => void;
}

function Hero({ copies, shown, first, slot }: { copies: Slot<HeroContent>[]; shown: string; first: boolean; slot?: HeroSlot }) {
  const baseline = copies[0].content;
  return (
    <Section>
      <HeroGrid>
        {slot ? (
          // Room for the tallest copy, so showing another moves nothing (CLS 0); the attributes let the page choose before hydration.
          // The variants come before the baseline: when the parser stops mid-stack (the HTML arrives in pieces), the
          // head's pre-paint script has already seen the stored variant's copy before any baseline text can paint.
          <ReserveStack ref={slot.stackRef} {...{ [SLOT_ATTR]: slot.baselineId, [SLOT_EXPERIENCES_ATTR]: slot.experienceIds.join(" ") }}>
            {[...copies.slice(1), copies[0]].map((c) => (
              <HeroCopy
                key={c.id}
                id={c.id}
                section={c.content}
                first={first}
                reserved={c.id !== shown}
                entryId={c === copies[0] ? baseline.entryId : null}
              />
            ))}
          </ReserveStack>
        ) : (
          <HeroCopy id={copies[0].id} section={baseline} first={first} entryId={baseline.entryId} />
        )}
        {image(baseline.image, first, inspectorProps(baseline.entryId, "image"))}
      </HeroGrid>
    </Section>
  );
}

export const query = graphql`
  fragment HeroBlock on HeroSection {
    id
    entryId
    sectionId
    kicker
    heading
    text
    primaryCta {
      ...CtaFields
    }
    secondaryCta {
      ...CtaFields
    }
    image {
      alt
      gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: BLURRED, formats: [JPG, WEBP])
    }
  }
`;
