import React from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { graphql } from "gatsby";
import { Button } from "../ui/button";
import { Card, Container, Eyebrow, Grid, Lead, Section } from "../ui/container";
import { MarkdownContent, hasForms } from "../markdown/markdown-content";
import { LeadFormSlot } from "../form/lead-form-slot";
import { SmartLink } from "../ui/smart-link";
import { ReserveStack } from "../ui/reserve";
import { StaticIsland } from "../../hydration";
import { Center, Heading2, image } from "./parts";
import { IntegrationList } from "./integration-list";
import { JobList } from "./job-list";
import { CompanyList } from "./company-list";
import { Personalized } from "../../personalization/context";
import { experiencesFor, slotContents } from "../../personalization/experiences";
import { usePersonalizationContent } from "../../personalization/use-personalization-content";

type SectionData = Queries.LandingSectionFieldsFragment;
type Of<T extends string> = Extract<SectionData, { __typename: `Local${T}` | `Contentful${T}` }> & Record<string, any>;

const HeroGrid = styled(Container)`
  display: grid;
  gap: ${theme.space.xxl};
  align-items: center;
  ${theme.media.l} {
    grid-template-columns: 1.1fr 1fr;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.s};
  margin-top: ${theme.space.l};
`;
const Logos = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space.xl};
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.xl};
    color: ${theme.colors.slate};
    letter-spacing: -0.02em;
  }
`;
const Quote = styled.figure`
  margin: 0 auto;
  max-width: 820px;
  text-align: center;
  blockquote {
    font-size: ${theme.fontSizes.xxl};
    line-height: 1.4;
    margin: 0 0 ${theme.space.l};
  }
`;
const Faq = styled.div`
  max-width: 820px;
  margin: 0 auto;
  details {
    border-bottom: 1px solid ${theme.colors.border};
    padding: ${theme.space.m} 0;
  }
  summary {
    cursor: pointer;
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.l};
  }
`;
const StatGrid = styled.dl`
  display: grid;
  gap: ${theme.space.l};
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  margin: 0;
  text-align: center;
  dt {
    /* the h2 size, phone to desktop (one font strike less) */
    font-size: clamp(1.5rem, 3.5vw, ${theme.fontSizes.h2});
    font-weight: ${theme.fontWeights.bold};
    color: ${theme.colors.cobaltDark};
  }
  dd {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;
const Plan = styled(Card)<{ $highlighted?: boolean | null }>`
  display: flex;
  flex-direction: column;
  border-width: ${({ $highlighted }) => ($highlighted ? "2px" : "1px")};
  border-color: ${({ $highlighted }) => ($highlighted ? theme.colors.cobalt : theme.colors.border)};
  ul {
    padding-left: 1.2em;
    flex: 1;
  }
  .price {
    font-size: ${theme.fontSizes.h2};
    font-weight: ${theme.fontWeights.bold};
  }
`;

/** SPEC 4.6: a hero can be replaced per audience; variants keep the baseline's image (no layout shift from it). */
function PersonalizedHero({ s, first }: { s: Of<"HeroSection">; first: boolean }) {
  const { experiences, heroVariants } = usePersonalizationContent();
  const baselineId = `section:${s.sectionId ?? s.id}`;
  const heroExperiences = React.useMemo(
    () =>
      experiencesFor<Of<"HeroSection">>(experiences, baselineId, (variantId) => {
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

type HeroContent = Of<"HeroSection">;
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

/**
 * A landing-page section. Those that need no React in the browser (all but the personalized hero and forms)
 * are static islands: the server's HTML is kept as it is instead of hydrated.
 */
export function LandingSection({ section, index }: { section: SectionData; index: number }) {
  const block = <SectionBlock section={section} index={index} />;
  return isInteractive(section) ? block : <StaticIsland source={section}>{block}</StaticIsland>;
}

/** Sections with state, effects or personalization of their own, which must hydrate. */
export function isInteractive(section: SectionData): boolean {
  const s = section as Record<string, any>;
  if (section.blocktype === "Hero" || section.blocktype === "Form") return true;
  if (section.blocktype === "Markdown") return hasForms(s.body);
  return false;
}

/** blocktype → component. Unknown blocks render a visible notice instead of vanishing. */
function SectionBlock({ section, index }: { section: SectionData; index: number }) {
  const s = section as Record<string, any>;
  const first = index === 0;
  switch (section.blocktype) {
    case "Hero":
      return <PersonalizedHero s={s as Of<"HeroSection">} first={first} />;
    case "FeatureGrid":
      return (
        <Section $tone="surface">
          <Container>
            <Heading2 heading={s.heading} text={s.text} first={first} />
            <Grid>
              {s.features.map((f: Queries.Feature) => (
                <Card key={f.title}>
                  <h3>{f.url ? <SmartLink href={f.url}>{f.title}</SmartLink> : f.title}</h3>
                  <p>{f.text}</p>
                </Card>
              ))}
            </Grid>
          </Container>
        </Section>
      );
    case "LogoWall":
      return (
        <Section>
          <Container>
            <Heading2 heading={s.heading} first={first} />
            <Logos aria-label="Customer logos">
              {s.logos.map((logo: string) => (
                <li key={logo}>{logo}</li>
              ))}
            </Logos>
          </Container>
        </Section>
      );
    case "Testimonial":
      return (
        <Section $tone="surface">
          <Container>
            {first && <h1 className="visually-hidden">{s.company}</h1>}
            <Quote>
              <blockquote>“{s.quote}”</blockquote>
              <figcaption>
                <strong>{s.name}</strong>, {s.role} at {s.company}
              </figcaption>
            </Quote>
          </Container>
        </Section>
      );
    case "CallToAction":
      return (
        <Section $tone="dark">
          <Container>
            <Center>
              {first ? <h1>{s.heading}</h1> : <h2>{s.heading}</h2>}
              {s.text && <p>{s.text}</p>}
              <Actions style={{ justifyContent: "center" }}>
                <Button href={s.cta.url} size="L">
                  {s.cta.label}
                </Button>
                {s.secondaryCta && (
                  <Button href={s.secondaryCta.url} size="L" variant="secondary">
                    {s.secondaryCta.label}
                  </Button>
                )}
              </Actions>
            </Center>
          </Container>
        </Section>
      );
    case "Faq":
      return (
        <Section>
          <Container>
            <Heading2 heading={s.heading} first={first} />
            <Faq>
              {s.items.map((item: Queries.FaqItem) => (
                <details key={item.question}>
                  <summary>{item.question}</summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </Faq>
          </Container>
        </Section>
      );
    case "Markdown":
      return (
        <Section>
          <Container $narrow>
            {s.heading && (first ? <h1>{s.heading}</h1> : <h2>{s.heading}</h2>)}
            <MarkdownContent body={s.body} />
          </Container>
        </Section>
      );
    case "Form":
      return (
        <Section $tone="surface">
          <Container $narrow>
            {first ? <h1>{s.heading}</h1> : <h2>{s.heading}</h2>}
            {s.text && <Lead>{s.text}</Lead>}
            <LeadFormSlot form={s.form} />
          </Container>
        </Section>
      );
    case "PricingTable":
      return (
        <Section>
          <Container>
            <Heading2 heading={s.heading} first={first} />
            <Grid $min="280px">
              {s.plans.map((plan: Queries.PricingPlan) => (
                <Plan key={plan.name} $highlighted={plan.highlighted}>
                  <h3>{plan.name}</h3>
                  <p>
                    <span className="price">{plan.price}</span> {plan.period}
                  </p>
                  <p>{plan.description}</p>
                  <ul>
                    {plan.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  <Button href={plan.cta.url} variant={plan.highlighted ? "primary" : "outline"}>
                    {plan.cta.label}
                  </Button>
                </Plan>
              ))}
            </Grid>
          </Container>
        </Section>
      );
    case "Stats":
      return (
        <Section $tone="surface">
          <Container>
            <Heading2 heading={s.heading} first={first} />
            <StatGrid>
              {s.stats.map((stat: Queries.Stat) => (
                <div key={stat.label}>
                  <dt>{stat.value}</dt>
                  <dd>{stat.label}</dd>
                </div>
              ))}
            </StatGrid>
          </Container>
        </Section>
      );
    case "IntegrationList":
      return <IntegrationList s={s} first={first} />;
    case "JobList":
      return <JobList s={s} first={first} />;
    case "CompanyList":
      return <CompanyList s={s} first={first} />;
    default:
      return (
        <Section>
          <Container>
            <p role="note">This section type ({section.blocktype}) has no component yet.</p>
          </Container>
        </Section>
      );
  }
}

export const query = graphql`
  fragment LandingSectionFields on LandingSection {
    __typename
    id
    blocktype
    ... on HeroSection {
      sectionId
      kicker
      heading
      text
      primaryCta {
        label
        url
      }
      secondaryCta {
        label
        url
      }
      image {
        alt
        gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: BLURRED)
      }
    }
    ... on FeatureGridSection {
      heading
      text
      features {
        title
        text
        icon
        url
      }
    }
    ... on LogoWallSection {
      heading
      logos
    }
    ... on TestimonialSection {
      quote
      name
      role
      company
    }
    ... on CallToActionSection {
      heading
      text
      cta {
        label
        url
      }
      secondaryCta {
        label
        url
      }
    }
    ... on FaqSection {
      heading
      items {
        question
        answer
      }
    }
    ... on MarkdownSection {
      heading
      body {
        ...MarkdownBodyFields
      }
    }
    ... on FormSection {
      heading
      text
      form {
        ...LeadFormFields
      }
    }
    ... on PricingTableSection {
      heading
      plans {
        name
        price
        period
        description
        features
        highlighted
        cta {
          label
          url
        }
      }
    }
    ... on IntegrationListSection {
      heading
      text
    }
    ... on JobListSection {
      heading
      text
    }
    ... on CompanyListSection {
      heading
      text
    }
    ... on StatsSection {
      heading
      stats {
        value
        label
      }
    }
  }
`;
