/**
 * Every `gatsby build` the tests and benches start goes through here, under a stall guard
 * (docs/architecture.md#a-build-that-hangs).
 *
 * Gatsby's image jobs can hang for good: sharp/libvips waits on a semaphore that is never released and the
 * build prints "Running gatsby-plugin-sharp.IMAGE_PROCESSING jobs" until something kills it (gatsbyjs/gatsby#34051,
 * lovell/sharp#4486). It is rare and does not reproduce on demand, but one such hang ate a whole CI run. With
 * CI set, Gatsby prints a line as each step ends, and no step of these builds is silent for minutes: a build
 * quiet for `stallSeconds` is hung. The guard then prints what each of its processes was waiting on, kills the
 * whole process group and builds once more (the interrupted build saved no state: Gatsby persists its cache
 * only at the end). A build that exits with an error is never retried: that is a real failure.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../..");

export interface GatsbyBuildOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Start from this process's environment (the default), or from `env` alone. */
  inheritEnv?: boolean;
  /** Print the build's output as it comes (the test log); it is returned either way. */
  echo?: boolean;
  /** A build that prints nothing for this long is hung. */
  stallSeconds?: number;
  /** Builds tried in all, when a build hangs (never when it fails). */
  attempts?: number;
  /** A program the build runs under, e.g. ["/usr/bin/time", "-v"] for its peak memory. */
  wrapper?: string[];
  /** The build itself: Gatsby's CLI by default (the guard's own tests give a stand-in). */
  command?: string[];
}

export interface GatsbyBuildRun {
  output: string;
  seconds: number;
  /** The hung builds killed before this one finished (their diagnostics went to stderr); `seconds` is this one's. */
  hangs: number;
}

export class GatsbyBuildError extends Error {}

type Attempt = { kind: "done" | "hung"; output: string };

/** What each process of the build's group was doing: its threads' states and kernel wait channels. */
function describeGroup(pgid: number): string {
  const pids = spawnSync("pgrep", ["-g", String(pgid)], { encoding: "utf8" })
    .stdout?.trim()
    .split(/\s+/)
    .join(",");
  if (!pids) return "(pgrep found none of them)\n";
  const ps = spawnSync("ps", ["-L", "-o", "pid,tid,pcpu,stat,wchan:24,comm", "-p", pids], { encoding: "utf8" });
  return ps.status === 0 ? ps.stdout : `(ps failed: ${ps.stderr || ps.error?.message})\n`;
}

function attempt(options: Required<GatsbyBuildOptions>): Promise<Attempt> {
  const [command, ...args] = [...options.wrapper, ...options.command];
  return new Promise((resolve, reject) => {
    // Its own process group: a kill reaches Gatsby's workers too, which would otherwise hold the pipes open.
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...(options.inheritEnv ? process.env : {}), ...options.env, GATSBY_TELEMETRY_DISABLED: "1", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const chunks: string[] = [];
    let lastOutput = Date.now();
    const take = (stream: NodeJS.WriteStream) => (data: Buffer) => {
      lastOutput = Date.now();
      chunks.push(data.toString("utf8"));
      if (options.echo) stream.write(data);
    };
    child.stdout.on("data", take(process.stdout));
    child.stderr.on("data", take(process.stderr));
    let hung = false;
    const watch = setInterval(() => {
      const quietFor = (Date.now() - lastOutput) / 1000;
      if (quietFor < options.stallSeconds || hung || child.pid === undefined) return;
      hung = true;
      process.stderr.write(`\ngatsby build in ${options.cwd} printed nothing for ${Math.round(quietFor)} s: hung. Its processes:\n`);
      process.stderr.write(describeGroup(child.pid));
      process.kill(-child.pid, "SIGKILL");
    }, 1000);
    child.on("error", (error) => {
      clearInterval(watch);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearInterval(watch);
      const output = chunks.join("");
      if (hung) resolve({ kind: "hung", output });
      else if (code === 0) resolve({ kind: "done", output });
      else reject(new GatsbyBuildError(`gatsby build failed in ${options.cwd} (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`));
    });
  });
}

/** Runs `gatsby build` in `cwd` (the checkout by default) with CI's plain progress lines; rejects when it fails. */
export async function gatsbyBuild(options: GatsbyBuildOptions = {}): Promise<GatsbyBuildRun> {
  const settings: Required<GatsbyBuildOptions> = {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? {},
    inheritEnv: options.inheritEnv ?? true,
    echo: options.echo ?? false,
    stallSeconds: options.stallSeconds ?? 300,
    attempts: options.attempts ?? 2,
    wrapper: options.wrapper ?? [],
    command: options.command ?? [process.execPath, path.join(ROOT, "node_modules", "gatsby", "cli.js"), "build"],
  };
  for (let hangs = 0; ; hangs++) {
    const started = process.hrtime.bigint();
    const result = await attempt(settings);
    // The finished build's own time: a hung attempt's minutes say nothing of the build's speed.
    if (result.kind === "done") return { output: result.output, seconds: Number(process.hrtime.bigint() - started) / 1e9, hangs };
    const tail = result.output.trimEnd().split("\n").slice(-3).join("\n");
    if (hangs + 1 >= settings.attempts)
      throw new GatsbyBuildError(`gatsby build in ${settings.cwd} hung ${hangs + 1} times; last lines:\n${tail}`);
    process.stderr.write(`Its last lines:\n${tail}\nBuilding once more (docs/architecture.md#a-build-that-hangs).\n\n`);
  }
}
