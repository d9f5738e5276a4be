import { useEffect, useState } from "react";
import { Script } from "gatsby";
import { thirdPartyScripts } from "../../browser/scripts";
import { SCRIPT_CATALOG, vendorAllowed, type ScriptsConfig, type ThirdPartyScriptId } from "../../lib/third-party-scripts";
import { publicConfig } from "../../config/public";
import { useConsentState } from "../../consent/app";
import { isGranted } from "../../lib/consent-model";
import { loadedVendors } from "../../consent/loaded-vendors";
import { VENDOR_REQUEST_EVENT } from "../../browser/support-widget";
import { ON_INTENT, pageScheduler } from "../../browser/vendor-scheduler";

/**
 * The page's third-party scripts (docs/product-rules.md#layout-per-path, #scripts-and-analytics, #consent;
 * docs/page-load.md#vendor-scheduling), through Gatsby's <Script> so none blocks rendering.
 */
export function ThirdPartyScripts({ pathname, config = publicConfig.scripts }: { pathname: string; config?: ScriptsConfig }) {
  const [hostname, setHostname] = useState<string | null>(null);
  const [started, setStarted] = useState<ReadonlySet<ThirdPartyScriptId>>(new Set());
  const consent = useConsentState();
  useEffect(() => {
    setHostname(window.location.hostname);
    const { scheduler, listeners } = pageScheduler(window);
    const onStart = () => setStarted(new Set(scheduler.started()));
    listeners.add(onStart);
    onStart();
    const onRequest = (event: Event) => scheduler.requestNow((event as CustomEvent<ThirdPartyScriptId>).detail);
    window.addEventListener(VENDOR_REQUEST_EVENT, onRequest);
    return () => {
      listeners.delete(onStart);
      window.removeEventListener(VENDOR_REQUEST_EVENT, onRequest);
    };
  }, []);
  const scripts = hostname === null || !consent ? [] : thirdPartyScripts({ pathname, hostname, config });
  const wanted = scripts
    .filter((script) => !ON_INTENT.has(script.id))
    .filter((script) => vendorAllowed(SCRIPT_CATALOG[script.id].categories, (c) => isGranted(consent!, c)))
    .map((script) => script.id);
  const wantedKey = wanted.join(" ");
  useEffect(() => {
    if (hostname !== null) pageScheduler(window).scheduler.want(wantedKey ? (wantedKey.split(" ") as ThirdPartyScriptId[]) : []);
  }, [hostname, wantedKey]);
  const rendered = scripts.filter((script) => started.has(script.id));
  rendered.forEach((script) => loadedVendors.add(script.id));
  const settled = (id: ThirdPartyScriptId) => pageScheduler(window).scheduler.settled(id);
  return (
    <>
      {rendered.map((script) => (
        <Script
          key={script.id}
          id={`nd-${script.id}`}
          src={script.src}
          // The scheduler has chosen the moment: the script goes in now.
          strategy="post-hydrate"
          onLoad={() => {
            script.init?.(window);
            settled(script.id);
          }}
          onError={() => {
            console.warn(script.errorMessage);
            settled(script.id);
          }}
        />
      ))}
    </>
  );
}
