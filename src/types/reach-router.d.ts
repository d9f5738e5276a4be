/** The part of Gatsby's router (@gatsbyjs/reach-router, untyped) the site uses: the location context it provides. */
declare module "@gatsbyjs/reach-router" {
  import type { Context } from "react";

  export const LocationContext: Context<{ location: { pathname: string; search: string; hash: string } } | undefined>;
}
