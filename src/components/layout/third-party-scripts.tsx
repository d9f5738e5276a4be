import { useEffect, useState } from "react";
import { Script } from "gatsby";
import { thirdPartyScripts } from "../../browser/scripts";
import type { ScriptsConfig } from "../../lib/third-party-scripts";
import { publicConfig } from "../../config/public";

/**
 * The page's third-party scripts (docs/product-rules.md#layout-per-path, #scripts-and-analytics; docs/architecture.md#lighthouse-and-main-thread), through Gatsby's <Script> so
 * none blocks rendering. Decided after hydration from the real host (analytics load only on
 * marketing, login and sign-up pages); with no ids configured nothing renders and nothing is requested.
 */
export function ThirdPartyScripts({ pathname, config = publicConfig.scripts }: { pathname: string; config?: ScriptsConfig }) {
  const [hostname, setHostname] = useState<string | null>(null);
  useEffect(() => setHostname(window.location.hostname), []);
  if (hostname === null) return null;
  return (
    <>
      {thirdPartyScripts({ pathname, hostname, config }).map((script) => (
        <Script
          key={script.id}
          id={`nd-${script.id}`}
          src={script.src}
          strategy={script.strategy}
          onLoad={script.init ? () => script.init?.(window) : undefined}
          onError={() => console.warn(script.errorMessage)}
        />
      ))}
    </>
  );
}
