/* global self, workbox, idbKeyval, caches, Response, URL */
// Appended to gatsby-plugin-offline's worker: offline, a page never fetched through it gets the app shell
// when its resources are cached (docs/techniques/service-worker.md#offline-navigation).
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

// Chromium sometimes leaves a new worker waiting despite skipWaiting (docs/techniques/service-worker.md#updates).
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "nd:skip-waiting") self.skipWaiting();
});
