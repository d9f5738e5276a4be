// Gatsby's Netlify adapter with our one header table instead of Gatsby's per-file rules, which repeated every
// header for each file (3.3 MB of `_headers` for 140 pages). See docs/security.md.
import path from "node:path";
import type { HeaderRoutes, IAdapter } from "gatsby";
import createNetlifyAdapter from "gatsby-adapter-netlify";
import { CACHE_HEADER, checkShippedHeaders, listFiles, netlifyHostRules, readHeadersManifest, type HeaderRule } from "./security-headers";

/**
 * Our rules (netlifyHostRules: `/*` without Cache-Control), then Gatsby's own rules for paths ours do not
 * name, with the caching header spelled as ours (Gatsby writes it in lower case).
 */
export function netlifyHeaderRoutes(ours: readonly HeaderRule[], gatsbys: HeaderRoutes): HeaderRoutes {
  const named = new Set(ours.map((rule) => rule.source));
  const spelled = (key: string) => (key.toLowerCase() === CACHE_HEADER.toLowerCase() ? CACHE_HEADER : key);
  return [
    ...netlifyHostRules(ours).map((rule) => ({ path: rule.source, headers: rule.headers })),
    ...gatsbys
      .filter((route) => !named.has(route.path))
      .map((route) => ({ ...route, headers: route.headers.map((h) => ({ key: spelled(h.key), value: h.value })) })),
  ];
}

/** `onNetlifyBuild`: the build runs in Netlify's build image (DEPLOY_ID set). */
export function netlifyAdapter(rootDir: string, { onNetlifyBuild }: { onNetlifyBuild: boolean }): IAdapter {
  const { cache, ...adapter } = createNetlifyAdapter();
  return {
    ...adapter,
    ...(onNetlifyBuild ? { cache } : {}),
    adapt: async (context) => {
      const ours = readHeadersManifest(rootDir);
      await adapter.adapt({ ...context, headerRoutes: netlifyHeaderRoutes(ours, context.headerRoutes) });
      verifyShippedHeaders(rootDir, ours, context.reporter);
    },
  };
}

/** After the adapter: the build fails (reporter.panic) unless `public/_headers` is what checkShippedHeaders wants. */
export function verifyShippedHeaders(
  rootDir: string,
  ours: readonly HeaderRule[],
  reporter: { info(message: string): void; panic(message: string): never },
): void {
  const publicDir = path.join(rootDir, "public");
  const problems = checkShippedHeaders(path.join(publicDir, "_headers"), ours, listFiles(publicDir));
  if (problems.length) reporter.panic(`public/_headers is not what this site must ship:\n  ${problems.join("\n  ")}`);
  reporter.info(`public/_headers: the site's policy and HSTS for every path, one Cache-Control rule per file`);
}
