/**
 * gatsby-browser's door to Contentful Live Preview: LIVE_PREVIEW_BUILD (webpack's DefinePlugin) is false in
 * every build but the preview's, so production bundles hold neither this import nor the SDK's chunk
 * (docs/content.md#live-preview).
 */
const load = typeof LIVE_PREVIEW_BUILD !== "undefined" && LIVE_PREVIEW_BUILD ? () => import("./live-preview") : undefined;

let started: Promise<typeof import("./live-preview")> | undefined;

/** After every route update (the first render included): the SDK, then a subscription for the page's entries. */
export function livePreviewRouteUpdate(pathname: string): void {
  if (!load) return;
  started ??= load().then(async (preview) => {
    await preview.startLivePreview();
    return preview;
  });
  void started.then((preview) => preview.subscribePage(pathname));
}
