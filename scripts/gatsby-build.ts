/**
 * `gatsby build` in the checkout under the stall guard of scripts/lib/gatsby-build.ts (docs/architecture.md#a-build-that-hangs),
 * with the environment as given: what scripts/test-all.sh runs for the main build.
 *   npx tsx scripts/gatsby-build.ts
 */
import { gatsbyBuild } from "./lib/gatsby-build";

gatsbyBuild({ echo: true }).then(
  ({ seconds, hangs }) => console.log(`gatsby build: ${seconds.toFixed(0)} s${hangs ? ` (after ${hangs} hung build killed)` : ""}`),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
