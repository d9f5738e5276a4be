/**
 * What a page does on the main thread before its first and largest paint, against its script-free floor, on
 * the phone profile applied (./phone.ts): loads both alternately as first visits, records a CDP trace of each,
 * and prints the tasks before the LCP (their length, what ran in them: scripts by URL, parse, style, layout,
 * paint) and the requests in the order they started. For reading trace contents rather than timings on a busy
 * machine (docs/page-load.md#how-to-measure).
 *   npx tsx scripts/bench/trace-first-paint.ts <path> [--root <built site>] [--runs 2] [--port 9450] [--out dir]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type CDPSession } from "@playwright/test";
import { startBenchServer } from "./server";
import { benchChromiumPath } from "./chrome";
import { PHONE_VIEWPORT, applyPhoneThrottling } from "./phone";

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown>; [key: string]: unknown };
}

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "loading",
  "blink.user_timing",
  "v8.execute",
  "toplevel",
].join(",");

async function traceLoad(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
  await load();
  await cdp.send("Tracing.end");
  await done;
  return events;
}

/** The main thread of the page's renderer: the one with the navigation's ParseHTML. */
function summarize(events: TraceEvent[]): string[] {
  const navStart = events.find(
    (e) => e.name === "navigationStart" && (e.args?.data as { isLoadingMainFrame?: boolean })?.isLoadingMainFrame,
  );
  const t0 = navStart?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const ms = (ts: number) => ((ts - t0) / 1000).toFixed(0).padStart(5);
  const parse = events.find((e) => e.name === "ParseHTML");
  const main = parse ? { pid: parse.pid, tid: parse.tid } : undefined;
  const lcps = events.filter((e) => e.name === "largestContentfulPaint::Candidate");
  const lcp = lcps[lcps.length - 1];
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  const end = lcp?.ts ?? t0 + 5e6;
  const out: string[] = [];
  out.push(
    `FCP ${fcp ? ms(fcp.ts) : "?"} ms, LCP ${lcp ? ms(lcp.ts) : "?"} ms (${JSON.stringify((lcp?.args?.data as Record<string, unknown>)?.type ?? "")} size ${(lcp?.args?.data as { size?: number })?.size ?? "?"})`,
  );
  for (const e of events.filter((e) => e.name === "ResourceSendRequest" && e.ts <= end + 200_000).sort((a, b) => a.ts - b.ts)) {
    const d = e.args?.data as { url?: string; priority?: string };
    const finish = events.find(
      (f) => f.name === "ResourceFinish" && (f.args?.data as { requestId?: string }).requestId === (d as { requestId?: string }).requestId,
    );
    const bytes = (finish?.args?.data as { encodedDataLength?: number })?.encodedDataLength;
    out.push(
      `  req ${ms(e.ts)} ${d.priority ?? ""} ${String(d.url).replace(/^https?:\/\/[^/]+/, "")} ${finish ? `→${ms(finish.ts)} ${bytes}B` : ""}`,
    );
  }
  if (!main) return out;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.ts <= end);
  const tasks = onMain.filter((e) => e.name === "RunTask" && (e.dur ?? 0) >= 2000).sort((a, b) => a.ts - b.ts);
  let total = 0;
  for (const task of tasks) {
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0));
    const by = new Map<string, number>();
    for (const e of inside) {
      const data = e.args?.data as { url?: string; name?: string } | undefined;
      const key =
        e.name === "EvaluateScript" || e.name === "v8.compile" || e.name === "FunctionCall"
          ? `${e.name}(${String(data?.url ?? "").replace(/^https?:\/\/[^/]+/, "") || "inline"})`
          : [
                "ParseHTML",
                "UpdateLayoutTree",
                "Layout",
                "Paint",
                "PrePaint",
                "Commit",
                "Layerize",
                "ParseAuthorStyleSheet",
                "Decode Image",
                "EventDispatch",
                "TimerFire",
                "FireAnimationFrame",
                "HitTest",
                "MarkDOMContent",
                "IntersectionObserverController::computeIntersections",
              ].includes(e.name)
            ? e.name
            : "";
      if (!key) continue;
      by.set(key, (by.get(key) ?? 0) + (e.dur ?? 0));
    }
    total += task.dur ?? 0;
    const parts = [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`);
    out.push(`  task ${ms(task.ts)} ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms: ${parts.join(", ")}`);
  }
  out.push(`  main thread busy before LCP (tasks ≥ 2 ms): ${(total / 1000).toFixed(0)} ms`);
  return out;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      runs: { type: "string", default: "2" },
      port: { type: "string", default: "9450" },
      root: { type: "string", default: path.resolve(__dirname, "../..") },
      out: { type: "string" },
    },
  });
  const target = positionals[0];
  if (!target?.startsWith("/")) throw new Error("usage: trace-first-paint.ts <path> [--root dir] [--runs 2] [--port 9450]");
  const port = Number(values.port);
  const site = await startBenchServer({ root: values.root, port });
  const floor = await startBenchServer({ root: values.root, port: port + 1, floor: true });
  const browser = await chromium.launch({ executablePath: benchChromiumPath() });
  try {
    for (let i = 0; i < Number(values.runs); i++)
      for (const [name, server] of [
        ["page", site],
        ["floor", floor],
      ] as const) {
        const context = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, serviceWorkers: "block" });
        const url = `${server.url}${target}`;
        await context.route(
          (t) => t.origin !== new URL(url).origin,
          (r) => r.abort(),
        );
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await applyPhoneThrottling(cdp);
        const events = await traceLoad(cdp, async () => {
          await page.goto(url, { waitUntil: "load", timeout: 90_000 });
          await page.waitForTimeout(1500);
        });
        if (values.out) {
          fs.mkdirSync(values.out, { recursive: true });
          fs.writeFileSync(
            path.join(values.out, `${target.replace(/\W+/g, "_")}-${name}-${i}.json`),
            JSON.stringify({ traceEvents: events }),
          );
        }
        console.log(`\n== ${name} ${target} run ${i + 1}`);
        for (const line of summarize(events)) console.log(line);
        await context.close();
      }
  } finally {
    await browser.close();
    await Promise.all([site.close(), floor.close()]);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
