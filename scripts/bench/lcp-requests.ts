/**
 * Why a page's simulated LCP ratio moved (`npm run bench` prints it beside the budget's, which is measured
 * with the phone profile applied: docs/page-load.md#how-to-measure): runs Lighthouse (mobile, simulated) on
 * one page and on its script-free floor, alternating, and prints per run the simulated LCP and FCP, the
 * observed ones, the LCP element and every request the browser made up to the observed largest paint (with
 * its start and end, ms from the navigation). Lantern counts requests that finished before the observed paint
 * into the simulated LCP, so a request racing the paint (the manifest, the favicon, the early script inserted
 * after the first frame) moves the result by a round trip or more. Serve a built site first: it reads public/
 * like `npm run bench`.
 *   npx tsx scripts/bench/lcp-requests.ts /500/ [--runs 3] [--port 9390]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { startBenchServer } from "./server";
import { launchBenchChrome } from "./chrome";

interface RequestItem {
  url: string;
  networkRequestTime: number;
  networkEndTime: number;
  resourceType?: string;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: "string", default: "3" }, port: { type: "string", default: "9390" } },
  });
  const target = positionals[0];
  const runs = Number(values.runs);
  const port = Number(values.port);
  if (!target?.startsWith("/") || !Number.isInteger(runs) || runs < 1) {
    console.error("usage: npx tsx scripts/bench/lcp-requests.ts <path> [--runs 3] [--port 9390]");
    process.exit(2);
  }
  const { default: lighthouse } = await import("lighthouse");
  const chrome = await launchBenchChrome();
  const root = path.resolve(__dirname, "../..");
  const site = await startBenchServer({ root, port });
  const floor = await startBenchServer({ root, port: port + 1, floor: true });
  try {
    for (let i = 0; i < runs; i++) {
      for (const [name, server] of [
        ["page", site],
        ["floor", floor],
      ] as const) {
        const result = await lighthouse(`${server.url}${target}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${target}`);
        const { audits } = result.lhr;
        const observed = (audits.metrics.details as unknown as { items: Record<string, number>[] }).items[0];
        const element = (
          audits["largest-contentful-paint-element"]?.details as unknown as { items?: { items?: { node?: { snippet?: string } }[] }[] }
        )?.items?.[0]?.items?.[0]?.node?.snippet;
        const lcp = observed.observedLargestContentfulPaint;
        console.log(
          `${name} ${i + 1}: LCP ${Math.round(audits["largest-contentful-paint"].numericValue ?? NaN)} ms, FCP ${Math.round(audits["first-contentful-paint"].numericValue ?? NaN)} ms ` +
            `(observed: largest paint ${lcp}, first paint ${observed.observedFirstContentfulPaint}, load ${observed.observedLoad}); element ${element?.slice(0, 80) ?? "?"}`,
        );
        const requests = (audits["network-requests"].details as unknown as { items: RequestItem[] }).items;
        for (const r of requests.filter((r) => r.networkRequestTime <= lcp)) {
          const finished = r.networkEndTime <= lcp ? "finished before the paint" : "still loading at the paint";
          console.log(
            `  ${r.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)} ms ${r.resourceType ?? ""} (${finished})`,
          );
        }
      }
    }
  } finally {
    await site.close();
    await floor.close();
    chrome.kill();
  }
}

void main();
