// workbox-routing 4 (gatsby-plugin-offline's) ships no types; the part tests/src/node/plugin-options.test.ts uses.
declare module "workbox-routing/RegExpRoute.mjs" {
  export class RegExpRoute {
    constructor(regExp: RegExp, handler: () => Promise<Response>);
    match(options: { url: URL; request: Request; event: unknown }): unknown;
  }
}
