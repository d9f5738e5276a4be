import React from "react";
import styled from "styled-components";
import { graphql } from "gatsby";
import { theme } from "../../theme/theme";
import { Button } from "../ui/button";
import { Container, Eyebrow, Lead, Section } from "../ui/container";
import { ReserveStack } from "../ui/reserve";
import { Personalized } from "../../personalization/context";
import { experiencesFor, slotContents } from "../../personalization/experiences";
import { usePersonalizationContent } from "../../personalization/use-personalization-content";
import { Actions, image, type BlockProps } from "./parts";

type HeroContent = Queries.HeroBlockFragment;

const HeroGrid = styled(Container)`
  display: grid;
  gap: ${theme.space.xxl};
  align-items: center;
  ${theme.media.l} {
    grid-template-columns: 1.1fr 1fr;
  }
`;

/** docs/product-rules.md#personalization: a hero can be replaced per audience; variants keep the baseline's image (no layout shift from it). */
export function HeroBlock({ s, first }: BlockProps<HeroContent>) {
  const { experiences, heroVariants } = usePersonalizationContent();
  const baselineId = `section:${s.sectionId ?? s.id}`;
  const heroExperiences = React.useMemo(
    () =>
      experiencesFor<HeroContent>(experiences, baselineId, (variantId) => {
        const variant = heroVariants.find((v) => `hero:${v.variantId}` === variantId);
        return variant
          ? {
              ...s,
              kicker: variant.kicker,
              heading: variant.heading,
              text: variant.text,
              primaryCta: variant.primaryCta,
              secondaryCta: variant.secondaryCta,
            }
          : undefined;
      }),
    [experiences, heroVariants, baselineId, s],
  );
  // Room for the tallest of baseline and variants, so the variant replacing the baseline moves nothing (CLS 0).
  const contents = React.useMemo(() => slotContents(s, heroExperiences), [s, heroExperiences]);
  return (
    <Personalized
      baseline={{ id: baselineId, content: s }}
      experiences={heroExperiences}
      render={(hero) => <Hero s={hero} first={first} reserve={contents.filter((c) => copyKey(c) !== copyKey(hero))} />}
    />
  );
}

const copyKey = (s: HeroContent) => JSON.stringify([s.kicker, s.heading, s.text, s.primaryCta, s.secondaryCta]);

function HeroCopy({ s, first, reserved }: { s: HeroContent; first: boolean; reserved?: boolean }) {
  const level = first ? "h1" : "h2";
  return (
    <div aria-hidden={reserved || undefined}>
      {s.kicker && <Eyebrow>{s.kicker}</Eyebrow>}
      {reserved ? <p className={level}>{s.heading}</p> : React.createElement(level, null, s.heading)}
      <Lead>{s.text}</Lead>
      <Actions>
        {s.primaryCta && (
          <Button href={s.primaryCta.url} size="L" tabIndex={reserved ? -1 : undefined}>
            {s.primaryCta.label}
          </Button>
        )}
        {s.secondaryCta && (
          <Button href={s.secondaryCta.url} size="L" variant="outline" tabIndex={reserved ? -1 : undefined}>
            {s.secondaryCta.label}
          </Button>
        )}
      </Actions>
    </div>
  );
}

function Hero({ s, first, reserve = [] }: { s: HeroContent; first: boolean; reserve?: HeroContent[] }) {
  const copy = <HeroCopy s={s} first={first} />;
  return (
    <Section>
      <HeroGrid>
        {reserve.length === 0 ? (
          copy
        ) : (
          <ReserveStack>
            {copy}
            {reserve.map((r) => (
              <HeroCopy key={copyKey(r)} s={r} first={first} reserved />
            ))}
          </ReserveStack>
        )}
        {image(s.image, first)}
      </HeroGrid>
    </Section>
  );
}

export const query = graphql`
  fragment HeroBlock on HeroSection {
    id
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
