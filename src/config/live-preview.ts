/**
 * Contentful Live Preview (docs/content.md#live-preview): on only in a preview build
 * (GATSBY_CONTENTFUL_LIVE_PREVIEW=true, set by `npm run develop:preview`). The flag is a build-time constant
 * (LIVE_PREVIEW_BUILD, webpack's DefinePlugin, src/config/index.ts browserBuildConstants), so a production
 * bundle drops every branch it guards.
 */
import type { ServerSettings } from "./server-schema";

/** The web app's origins: the frames that may embed the preview, and where the SDK posts its messages. */
export const CONTENTFUL_APP_ORIGINS = ["https://app.contentful.com", "https://app.eu.contentful.com"] as const;

/** The site's one Contentful locale (src/node/contentful/convert.ts DEFAULT_LOCALE). */
export const PREVIEW_LOCALE = "en-US";

/** The origins, as the browser reads them (checked at start by the server schema); written out literally, as Gatsby inlines it. */
export const previewAppOrigins = (): string[] => {
  const listed = (process.env.GATSBY_CONTENTFUL_PREVIEW_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  return listed.length ? listed : [...CONTENTFUL_APP_ORIGINS];
};

export interface LivePreviewConfig {
  /** The secret in Contentful's preview URL template (`?preview_secret=`). */
  secret: string;
  /** The frames allowed to embed the preview (frame-ancestors) and the SDK's targetOrigin. */
  appOrigins: string[];
}

/** The preview server's settings; a preview without its secret would be open to anyone: refused. */
export function readLivePreview(settings: ServerSettings): LivePreviewConfig | undefined {
  if (settings.GATSBY_CONTENTFUL_LIVE_PREVIEW !== "true") return undefined;
  if (!settings.PREVIEW_SECRET)
    throw new Error("GATSBY_CONTENTFUL_LIVE_PREVIEW=true needs PREVIEW_SECRET: the secret of Contentful's preview URL template");
  return {
    secret: settings.PREVIEW_SECRET,
    appOrigins: settings.GATSBY_CONTENTFUL_PREVIEW_ORIGINS ?? [...CONTENTFUL_APP_ORIGINS],
  };
}
