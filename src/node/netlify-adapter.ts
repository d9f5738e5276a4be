/**
 * Gatsby's Netlify adapter (gatsby-adapter-netlify: functions, redirects, the build cache), with the
 * host's header rules taken from our one table (src/node/security-headers.ts hostHeaderRules) instead of
 * Gatsby's per-file rules: Gatsby repeats every gatsby-config `headers` value for each page and file
 * (a `_headers` file that grows with the site); ours are a rule for every path, one for
 * `/static/*` and one per hashed script, whatever the page count. Used when the build runs on Netlify
 * (NETLIFY=true), from gatsby-config.ts.
 */
import type { HeaderRoutes, IAdapter } from "gatsby";
import createNetlifyAdapter from "gatsby-adapter-netlify";
import { readHeadersManifest, type HeaderRule } from "./security-headers";

/** Our rules first, then Gatsby's own per-path rules for paths ours do not name (their cache headers). */
export function netlifyHeaderRoutes(ours: readonly HeaderRule[], gatsbys: HeaderRoutes): HeaderRoutes {
  const named = new Set(ours.map((rule) => rule.source));
  return [...ours.map((rule) => ({ path: rule.source, headers: rule.headers })), ...gatsbys.filter((route) => !named.has(route.path))];
}

/**
 * `onNetlifyBuild`: the build runs in Netlify's build image (DEPLOY_ID set). Only there does the adapter
 * keep Gatsby's cache between builds (in /opt/build/cache); a NETLIFY=true build elsewhere (the tests)
 * must not store its cache outside the checkout or restore a stale one into it.
 */
export function netlifyAdapter(rootDir: string, { onNetlifyBuild }: { onNetlifyBuild: boolean }): IAdapter {
  const { cache, ...adapter } = createNetlifyAdapter();
  return {
    ...adapter,
    ...(onNetlifyBuild ? { cache } : {}),
    adapt: (context) =>
      adapter.adapt({ ...context, headerRoutes: netlifyHeaderRoutes(readHeadersManifest(rootDir), context.headerRoutes) }),
  };
}
