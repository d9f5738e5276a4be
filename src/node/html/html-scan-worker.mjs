/**
 * Worker thread for html-output.ts readBuiltPagesInParallel: reads the batches of built pages it is sent
 * (html-scan.mjs readBuiltPage) and answers each with the entries and the files whose NUL bytes it removed.
 */
import { parentPort, workerData } from "node:worker_threads";
import { readBuiltPage } from "./html-scan.mjs";

parentPort?.on("message", (batch) => {
  try {
    const results = batch.map((page) => readBuiltPage(workerData.publicDir, page));
    parentPort?.postMessage({ results });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
