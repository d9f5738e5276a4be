/** The flush's worker pool, shared by both stores (src/server/outbox.ts, ./postgres-queue.ts). */

/**
 * Runs `handle` on the items `next` hands out, `concurrency` at a time, until `next` has none left (and none is
 * being handled) or `stop` returns true (checked before each item is taken). `handle` must not throw.
 */
export async function drain<T>(
  concurrency: number,
  next: () => Promise<T | null>,
  handle: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
  beforeNext?: () => Promise<void>,
): Promise<void> {
  // A worker that finds nothing to take while others still send waits for one of them and asks again: a
  // delivery can make more leads due (the first success of a run ends every backoff).
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const worker = async () => {
    while (!stop()) {
      if (beforeNext) {
        await beforeNext();
        if (stop()) return;
      }
      const item = await next();
      if (item === null) {
        if (inFlight === 0) return;
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      inFlight++;
      try {
        await handle(item);
      } finally {
        inFlight--;
        const wake = waiting;
        waiting = [];
        wake.forEach((resolve) => resolve());
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}
