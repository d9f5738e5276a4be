import fs from "node:fs";
import { afterEach, beforeEach, vi } from "vitest";
import { tempLeadsDir } from "./lead-server-helpers";

/**
 * A fresh LEADS_DIR for each test of the calling file (removed after it), with the functions' error
 * log silenced; returns the current test's folder. Apart from lead-server-helpers, which child
 * processes load outside vitest.
 */
export function freshLeadsDirPerTest(): () => string {
  let dir = "";
  beforeEach(() => {
    dir = tempLeadsDir();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });
  return () => dir;
}
