/**
 * The do-not-sell link (docs/product-rules.md#navigation-and-footer, #scripts-and-analytics, #error-catalogue): call the consent manager's doNotSell routine, waiting up
 * to 5000 ms (polled every 100 ms) for its script to load; on timeout log an error, nothing else.
 */
export interface ConsentManager {
  doNotSell(): void;
}
declare global {
  interface Window {
    consentManager?: ConsentManager;
  }
}

export const CONSENT_WAIT_MS = 5000;
export const CONSENT_POLL_MS = 100;

export function requestDoNotSell(win: Window = window, waitMs = CONSENT_WAIT_MS, pollMs = CONSENT_POLL_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const attempt = () => {
      const manager = win.consentManager;
      if (manager && typeof manager.doNotSell === "function") {
        manager.doNotSell();
        resolve(true);
      } else if (Date.now() - started >= waitMs) {
        console.error(`Timed out after ${waitMs} ms waiting for the consent manager to load`);
        resolve(false);
      } else {
        setTimeout(attempt, pollMs);
      }
    };
    attempt();
  });
}
