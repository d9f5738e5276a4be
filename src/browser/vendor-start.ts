/**
 * A vendor's start (docs/browser-runtime.md#from-accept-all-to-a-vendor-start): its script element goes in when
 * the scheduler says, and once loaded the catalog entry's `init` runs. Never blocks rendering: the element is
 * async and added after the page has loaded (the scheduler's rule).
 */
import type { VendorId } from "../vendors/catalog";
import { loadedVendors } from "../consent/loaded-vendors";

export interface ScriptDescriptor {
  id: VendorId;
  src: string;
  /** The entry's init for the configured value, run once the script has loaded. */
  init?: (win: Window) => void;
  /** Logged when the script fails to load. */
  errorMessage: string;
}

export interface VendorStarter {
  /** The scripts the page may start (the loader offers them before asking the scheduler). */
  offer(scripts: readonly ScriptDescriptor[]): void;
  /** The scheduler's call: this vendor starts now. */
  start(id: VendorId): void;
}

/** `settled` tells the scheduler the script loaded or failed, so the next one may go. */
export function vendorStarter(win: Window, settled: (id: VendorId) => void): VendorStarter {
  const offered = new Map<VendorId, ScriptDescriptor>();
  return {
    offer(scripts) {
      for (const script of scripts) offered.set(script.id, script);
    },
    start(id) {
      const script = offered.get(id);
      if (!script) return settled(id);
      // Withdrawal stops exactly the vendors started (src/consent/withdraw.ts).
      loadedVendors.add(id);
      const element = win.document.createElement("script");
      element.id = `nd-${id}`;
      element.src = script.src;
      element.async = true;
      element.addEventListener("load", () => {
        script.init?.(win);
        settled(id);
      });
      element.addEventListener("error", () => {
        console.warn(script.errorMessage);
        settled(id);
      });
      win.document.body.appendChild(element);
    },
  };
}
