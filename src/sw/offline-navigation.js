/* global workbox, idbKeyval, caches, Response, URL */
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
