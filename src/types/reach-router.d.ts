declare module "@gatsbyjs/reach-router" {
  import type { Context } from "react";

  export const LocationContext: Context<{ location: { pathname: string; search: string; hash: string } } | undefined>;
}
