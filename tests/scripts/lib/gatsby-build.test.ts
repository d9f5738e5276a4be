/**
 * The stall guard of scripts/lib/gatsby-build.ts (docs/architecture.md#a-build-that-hangs), with a stand-in build:
 * a hung build is killed with every process it started and built once more; a failed build is never retried.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gatsbyBuild } from "../../../scripts/lib/gatsby-build";

/**
 * A build that prints a line, then on its first `hangFor` runs starts a child that holds the output pipe (as
 * Gatsby's workers do) and goes silent for good; on a later run it prints "done" and exits with `exitCode`.
 */
function standIn(dir: string, hangFor: number, exitCode = 0): string[] {
  const script = path.join(dir, "build.js");
  fs.writeFileSync(
    script,
    `const fs = require("fs"), { spawn } = require("child_process");
const runs = Number(fs.existsSync("runs") ? fs.readFileSync("runs", "utf8") : 0) + 1;
fs.writeFileSync("runs", String(runs));
console.log("success load plugins - 0.5s");
if (runs <= ${hangFor}) {
  const worker = spawn("sleep", ["600"], { stdio: ["ignore", "inherit", "inherit"] });
  fs.writeFileSync("worker-" + runs, String(worker.pid));
  setInterval(() => {}, 1000);
} else {
  console.log("done");
  process.exit(${exitCode});
}
`,
  );
  return [process.execPath, script];
}

/** Running (a zombie waiting for a container's init to reap it is not). */
const running = (pid: number) => {
  const stat = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" }).stdout.trim();
  return stat !== "" && !stat.startsWith("Z");
};

describe("gatsbyBuild's stall guard", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-build-guard-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("kills a build that goes silent, with the process holding its output, and builds once more", async () => {
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const run = await gatsbyBuild({ cwd: dir, command: standIn(dir, 1), stallSeconds: 1.5 });
      expect(run.hangs).toBe(1);
      expect(run.output).toContain("done");
      expect(running(Number(fs.readFileSync(path.join(dir, "worker-1"), "utf8")))).toBe(false);
      const said = errors.mock.calls.map(([text]) => String(text)).join("");
      expect(said).toMatch(/printed nothing for \d+ s: hung/);
      expect(said).toContain("sleep"); // what each process was doing
      expect(said).toContain("Building once more");
    } finally {
      errors.mockRestore();
    }
  }, 20_000);

  it("gives up when the build hangs on every attempt", async () => {
    const errors = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      await expect(gatsbyBuild({ cwd: dir, command: standIn(dir, 2), stallSeconds: 1.5 })).rejects.toThrow(/hung 2 times/);
      expect(fs.readFileSync(path.join(dir, "runs"), "utf8")).toBe("2");
    } finally {
      errors.mockRestore();
    }
  }, 20_000);

  it("never retries a build that fails, and says how it ended", async () => {
    await expect(gatsbyBuild({ cwd: dir, command: standIn(dir, 0, 3), stallSeconds: 1.5 })).rejects.toThrow(/exit 3[\s\S]*done/);
    expect(fs.readFileSync(path.join(dir, "runs"), "utf8")).toBe("1");
  });
});
