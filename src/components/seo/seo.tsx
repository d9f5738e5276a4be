import React from "react";
import { useSiteData } from "../../hooks/use-site-data";
import { organization, serializeGraph, website } from "./structured-data";
import { isIndexedSite } from "../../lib/robots";
import { publicConfig } from "../../config/public";
import { trailJsonLd, type Trail } from "./trail";

type SiteData = ReturnType<typeof useSiteData>;

export interface SeoProps {
  title: string;
  description?: string | null;
  path: string;
  image?: string | null;
  noindex?: boolean;
  type?: "website" | "article";
  /** Structured data beyond the organization, the website and the trail; a function gets the site's URL and settings. */
  jsonLd?: object[] | ((site: SiteData) => object[]);
  /** The page's breadcrumb trail (the one its header shows), given to search engines after `jsonLd`. */
  trail?: Trail;
  children?: React.ReactNode;
}

/**
 * Head tags for every page (Gatsby Head API): title, description, canonical, Open Graph, Twitter, JSON-LD.
 * No theme-color: gatsby-plugin-manifest writes it into every page from the manifest's theme_color (docs/product-rules.md#design-tokens).
 */
export function Seo({ title, description, path, image, noindex, type = "website", jsonLd = [], trail, children }: SeoProps) {
  const site = useSiteData();
  const { siteSettings, siteUrl } = site;
  const name = siteSettings?.title ?? "Northdesk";
  const fullTitle = path === "/" ? title : (siteSettings?.titleTemplate ?? "%s").replace("%s", title);
  const desc = description ?? siteSettings?.description ?? "";
  const canonical = new URL(path, siteUrl).href;
  const imageUrl = image ? new URL(image, siteUrl).href : undefined;
  const org = siteSettings?.organization;
  // The organization and the website in full on the home page only, where search engines look for them (site
  // name, logo, profiles); every other page names the organization by its @id (its articles' publisher). They
  // are ~550 bytes a page would otherwise carry within its first round trip (docs/page-load.md#the-first-window).
  const home = path === "/";
  const graph = [
    ...(org && home ? [organization({ siteUrl, ...org, sameAs: org.sameAs ?? [] })] : []),
    ...(home ? [website(siteUrl, name)] : []),
    ...(typeof jsonLd === "function" ? jsonLd(site) : jsonLd),
    ...(trail ? [trailJsonLd(siteUrl, trail)] : []),
  ];
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      <link rel="canonical" href={canonical} />
      {/* a build for staging or any host but www is never indexed (its robots.txt disallows it as well) */}
      {(noindex || !isIndexedSite(siteUrl, publicConfig.hosts.marketing)) && <meta name="robots" content="noindex, follow" />}
      <meta property="og:site_name" content={name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={desc} />
      <meta property="og:url" content={canonical} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      {/* X reads og:title, og:description and og:image when its own tags are absent: only the card type is its own
          (https://developer.x.com/en/docs/x-for-websites/cards/guides/getting-started). */}
      <meta name="twitter:card" content={imageUrl ? "summary_large_image" : "summary"} />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeGraph(graph) }} />
      {children}
    </>
  );
}
