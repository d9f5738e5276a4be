/* global self, workbox, idbKeyval, caches, Response, URL */
/** Appended to the service worker gatsby-plugin-offline generates (src/node/plugin-options.ts). */
workbox.routing.setCatchHandler(async ({ event }) => {
  const request = event && event.request;
  if (!request || request.mode !== "navigate") return Response.error();
  const { pathname } = new URL(request.url);
  const resources = await idbKeyval.get(`resources:${pathname}`);
  if (!Array.isArray(resources) || !resources.length) return Response.error();
  for (const resource of resources) if (!(await caches.match(resource))) return Response.error();
  const shell = workbox.precaching.getCacheKeyForURL("/offline-plugin-app-shell-fallback/index.html");
  return (shell && (await caches.match(shell))) || Response.error();
});

/**
 * A new release's worker takes over as soon as it is installed (the plugin's `skipWaiting: true`). workbox
 * asks for that once, from the install event, and in Chromium that is sometimes not enough: the new worker
 * then waits behind the old one for as long as a tab stays open.
 */
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "nd:skip-waiting") self.skipWaiting();
});
