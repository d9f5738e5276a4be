/* global self, workbox, idbKeyval, caches, Response, URL */
/**
 * Appended to the service worker gatsby-plugin-offline generates (src/node/plugin-options.ts).
 *
 * Pages go to the network first there, so a new deploy is seen at once. Offline, a page whose HTML was
 * never fetched through the service worker (the landing page of the first visit, and every page reached
 * by client-side navigation) is not in the cache, and the network-first route would fail the
 * navigation. This serves gatsby-plugin-offline's app shell instead, when the page's resources (its
 * page data and code, recorded by the plugin on every route update) are all cached: the same rule the
 * plugin's own navigation route applies, which our network-first route takes precedence over.
 */
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
 * A new release's worker takes over as soon as it is installed (the plugin's `skipWaiting: true`).
 * workbox asks for that once, from the install event, and in Chromium that is sometimes not enough:
 * the new worker then waits behind the old one for as long as a tab stays open. In two of the three
 * stuck runs of tests/e2e/offline.spec.ts ("after a deploy") we examined, asking again from the
 * installed worker activated it at once. Open pages ask again when they see it installed
 * (src/browser/service-worker.ts); the message carries no `gatsbyApi`, so the plugin's own message
 * handler ignores it.
 */
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "nd:skip-waiting") self.skipWaiting();
});
