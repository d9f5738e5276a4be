import React from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import { Header } from "./header";
import { Footer } from "./footer";
import { FixedBar } from "./fixed-bar";
import { SupportLauncher } from "./support-launcher";
import { useSiteData } from "../../hooks/use-site-data";
import { footerVariant, isSignupPage, isStaticHeader, showsLoginButton } from "../../lib/layout-rules";
import { resolveUrl } from "../../lib/url-table";
import { usePersonalizedContent } from "../../personalization/context";
import { experiencesFor, slotContents } from "../../personalization/experiences";
import { usePersonalizationContent } from "../../personalization/use-personalization-content";
import { deferHydration } from "../../hydration";
import { publicConfig } from "../../config/public";
import { readConsentSettings } from "../../config/consent";
import { ConsentBanner } from "../consent/consent-banner";

// Hydrated after the header, in slices (Total Blocking Time): the page content and the footer.
const Content = deferHydration(({ children }: { children: React.ReactNode }) => <>{children}</>, "Content");
const DeferredFooter = deferHydration(Footer);

/** No hosted consent manager configured: the built-in banner is in every page's HTML (docs/browser-runtime.md#the-built-in-banner). */
const builtInConsentBanner = !readConsentSettings().provider;

type NavData = NonNullable<ReturnType<typeof useSiteData>["navigation"]>;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -100px;
  z-index: 100;
  background: ${theme.colors.white};
  padding: 8px 12px;
  border-radius: ${theme.radii.s};
  &:focus {
    top: 8px;
  }
`;
const Main = styled.main`
  min-height: 60vh;
`;

export interface LayoutProps {
  path: string;
  useStaticHeader?: boolean | null;
  children: React.ReactNode;
}

/** The shared layout (docs/product-rules.md#overview, #layout-per-path): header, main, footer variant per path. */
export function Layout({ path, useStaticHeader, children }: LayoutProps) {
  const { navigation, footer, siteSettings, urlTable } = useSiteData();
  const personalization = usePersonalizationContent();
  // docs/product-rules.md#navigation-data: the navigation can be swapped per audience ("navigation:<navId>" in experience content).
  const navExperiences = React.useMemo(
    () =>
      experiencesFor<NavData | null | undefined>(personalization.experiences, "navigation:baseline", (variantId) =>
        personalization.navigationVariants.find((n) => `navigation:${n.navId}` === variantId),
      ),
    [personalization],
  );
  const nav = usePersonalizedContent({ id: "navigation:baseline", content: navigation }, navExperiences);
  // Every label a top-level item can show, so a personalized label takes no more room than reserved (CLS 0).
  // Only when personalization is configured: otherwise the baseline label always shows, and room kept for a
  // label that never comes is a gap before the drawer caret.
  const labelAlternatives = React.useMemo(() => {
    const labels: Record<string, string[]> = {};
    if (!publicConfig.personalization) return labels;
    for (const candidate of slotContents(navigation, navExperiences))
      for (const item of candidate?.navItems ?? []) (labels[item.id] ??= []).push(item.title);
    return labels;
  }, [navigation, navExperiences]);
  const launcher = React.useRef<HTMLAnchorElement>(null);
  const urls = {
    signup: resolveUrl("{{signupUrl}}", urlTable),
    demo: resolveUrl("{{demoUrl}}", urlTable),
    login: resolveUrl("{{loginUrl}}", urlTable),
  };
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      {builtInConsentBanner && <ConsentBanner />}
      <Header
        navigation={nav}
        labelAlternatives={labelAlternatives}
        showLogin={showsLoginButton(path)}
        isStatic={isStaticHeader(path, !!useStaticHeader)}
        urls={urls}
      />
      <Main id="main" tabIndex={-1}>
        {/* The runtime writes the sign-up form's hidden fields right after the first render; hydrating the form
            later would reset them to their defaults, so sign-up pages hydrate in one pass. */}
        {isSignupPage(path) ? children : <Content>{children}</Content>}
      </Main>
      <FixedBar pathname={path} urls={urls} lift={launcher} />
      <SupportLauncher ref={launcher} />
      <DeferredFooter
        footer={footer}
        social={siteSettings?.social}
        variant={footerVariant(path)}
        name={siteSettings?.organization.name ?? "Northdesk"}
      />
    </>
  );
}
