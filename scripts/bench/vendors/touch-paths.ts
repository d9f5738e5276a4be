/**
 * How a phone tap meets a vendor's chained tasks, by input path and by the event the button answers
 * (docs/page-load.md#interaction-latency, docs/measurements/2026-11-29-taps.md). A bare page: one button, a
 * stand-in burning four 232 ms tasks chained by zero timeouts (the tag manager's weight), a tap 40, 100 and
 * 160 ms into the first task, on the phone profile's 4× CPU. Prints each tap's interaction latency (the
 * longest Event Timing entry, input delay included) and when the button toggled against the tasks.
 *
 *   npx tsx scripts/bench/vendors/touch-paths.ts
 *
 * Paths: `emulator` (the browser's touch emulator, what `--vendors` uses) and `dispatchTouchEvent` (CDP's
 * synthetic touch). Buttons: `click` (the browser's click after the tap) and `touchend` (src/hooks/use-tap.ts's rule).
 */
import { chromium, type CDPSession } from "@playwright/test";
import { BENCH_CHROMIUM_FLAGS, benchChromiumPath } from "../chrome";
import { emulateTouch, emulatedTap } from "./input";

const TASK_MS = 232;
const page = (answer: "click" | "touchend") => `<!doctype html><meta name=viewport content="width=device-width">
<body style="margin:0"><button id=b style="width:200px;height:80px">Menu</button><nav id=m hidden>open</nav><script>
window.__ev = []; window.__log = [];
new PerformanceObserver(function (l) { l.getEntries().forEach(function (e) { if (e.interactionId) __ev.push(e.duration); }); })
  .observe({ type: "event", buffered: true, durationThreshold: 16 });
var b = document.getElementById("b"), m = document.getElementById("m");
function toggle() { m.hidden = !m.hidden; __log.push("toggle@" + Math.round(performance.now())); }
b.addEventListener("click", toggle);
if (${JSON.stringify(answer)} === "touchend") b.addEventListener("touchend", function (e) { if (e.cancelable) { e.preventDefault(); toggle(); } }, { passive: false });
window.__burn = function () { var left = 4; (function task() { __log.push("task@" + Math.round(performance.now()));
  var end = performance.now() + ${TASK_MS}; while (performance.now() < end) {} if (--left > 0) setTimeout(task, 0); })(); };
</script>`;

const BUTTON = { x: 100, y: 40 };

/** A tap on the button, the bench's way (the emulator) or CDP's synthetic touch, held 60 ms as the bench's. */
async function tap(cdp: CDPSession, path: "emulator" | "dispatchTouchEvent", epochMs: number): Promise<void> {
  if (path === "emulator") await emulatedTap(cdp, BUTTON, epochMs);
  else {
    const at = (ms: number) => (epochMs + ms) / 1000;
    const unanswered = (p: Promise<unknown>) => void p.catch(() => {});
    unanswered(cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [BUTTON], timestamp: at(0) }));
    await new Promise((r) => setTimeout(r, 60));
    unanswered(cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp: at(60) }));
  }
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: benchChromiumPath(), args: [...BENCH_CHROMIUM_FLAGS] });
  try {
    console.log(`Chromium ${browser.version()}; four ${TASK_MS} ms tasks; latency ms (longest Event Timing entry), then the page's log`);
    for (const path of ["emulator", "dispatchTouchEvent"] as const)
      for (const answer of ["click", "touchend"] as const)
        for (const into of [40, 100, 160]) {
          const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
          try {
            const tab = await context.newPage();
            await tab.route("http://touch.test/", (route) => route.fulfill({ contentType: "text/html", body: page(answer) }));
            await tab.goto("http://touch.test/");
            const cdp = await context.newCDPSession(tab);
            await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
            if (path === "emulator") await emulateTouch(cdp);
            await tab.waitForTimeout(300);
            await tab.evaluate(() => setTimeout(() => (window as unknown as { __burn: () => void }).__burn(), 0));
            await tab.waitForTimeout(into);
            await tap(cdp, path, Date.now());
            await tab.waitForTimeout(2000);
            const { ev, log } = await tab.evaluate(() => {
              const w = window as unknown as { __ev: number[]; __log: string[] };
              return { ev: w.__ev, log: w.__log };
            });
            console.log(
              `${path.padEnd(18)} ${answer.padEnd(8)} tap ${into} ms in: ${ev.length ? Math.max(...ev) : "<16"}  ${log.join(" ")}`,
            );
          } finally {
            await context.close();
          }
        }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
