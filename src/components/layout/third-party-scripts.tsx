import { useEffect, useRef, useState } from "react";
import { Script } from "gatsby";
import { thirdPartyScripts } from "../../browser/scripts";
import { SCRIPT_CATALOG, vendorAllowed, type ScriptsConfig, type ThirdPartyScriptId } from "../../lib/third-party-scripts";
import { publicConfig } from "../../config/public";
import { useConsentState } from "../../consent/app";
import { isGranted } from "../../consent/model";
import { loadedVendors } from "../../consent/loaded-vendors";
import { VENDOR_REQUEST_EVENT } from "../../browser/support-widget";

/**
 * The page's third-party scripts (docs/product-rules.md#layout-per-path, #scripts-and-analytics, #consent;
 * docs/architecture.md#lighthouse-and-main-thread), through Gatsby's <Script> so none blocks rendering. Decided
 * after hydration from the real host (analytics load only on marketing, login and sign-up pages) and from consent:
 * a vendor renders once one of its categories is granted, including later in the same page view (no reload). A
 * vendor the visitor asked for by hand (the support widget's launcher) renders whatever its category.
 * With no ids configured nothing renders and nothing is requested.
 *
 * A script allowed when the page first knew its consent keeps its catalog strategy (idle). One allowed later (a
 * grant, or the visitor's request) loads at once ("post-hydrate"): the page is live and the visitor has just
 * asked for it, and Chromium was seen never to run the idle callbacks gatsby-script waits on (it sets no
 * timeout) after a client-side navigation followed by a grant (tests/e2e/consent.spec.ts "Accept all").
 */
export function ThirdPartyScripts({ pathname, config = publicConfig.scripts }: { pathname: string; config?: ScriptsConfig }) {
  const [hostname, setHostname] = useState<string | null>(null);
  const [requested, setRequested] = useState<ReadonlySet<ThirdPartyScriptId>>(new Set());
  const consent = useConsentState();
  const first = useRef<ReadonlySet<ThirdPartyScriptId> | null>(null);
  useEffect(() => {
    setHostname(window.location.hostname);
    const onRequest = (event: Event) => {
      const id = (event as CustomEvent<ThirdPartyScriptId>).detail;
      setRequested((before) => (before.has(id) ? before : new Set([...before, id])));
    };
    window.addEventListener(VENDOR_REQUEST_EVENT, onRequest);
    return () => window.removeEventListener(VENDOR_REQUEST_EVENT, onRequest);
  }, []);
  if (hostname === null || !consent) return null;
  const scripts = thirdPartyScripts({ pathname, hostname, config }).filter(
    (script) => requested.has(script.id) || vendorAllowed(SCRIPT_CATALOG[script.id].categories, (c) => isGranted(consent, c)),
  );
  scripts.forEach((script) => loadedVendors.add(script.id));
  first.current ??= new Set(scripts.map((script) => script.id));
  const initially = first.current;
  return (
    <>
      {scripts.map((script) => (
        <Script
          key={script.id}
          id={`nd-${script.id}`}
          src={script.src}
          strategy={initially.has(script.id) ? script.strategy : "post-hydrate"}
          onLoad={script.init ? () => script.init?.(window) : undefined}
          onError={() => console.warn(script.errorMessage)}
        />
      ))}
    </>
  );
}
