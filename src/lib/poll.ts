/**
 * Polling for something another script provides (a vendor's global, a consent manager's API): the product's
 * rule for waiting on third parties (docs/product-rules.md#constants), in one place.
 */

/** Calls `get` now and every `intervalMs` until it returns a value, or resolves undefined after `timeoutMs`. */
export function poll<T>(
  get: () => T | undefined,
  { intervalMs, timeoutMs }: { intervalMs: number; timeoutMs: number },
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const started = Date.now();
    const attempt = () => {
      const value = get();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started >= timeoutMs) resolve(undefined);
      else setTimeout(attempt, intervalMs);
    };
    attempt();
  });
}
