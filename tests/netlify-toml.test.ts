/**
 * Which Node runs where (README "Deploy"): Netlify builds with NODE_VERSION and deploys every function
 * (the adapter's and the scheduled flush) for AWS_LAMBDA_JS_RUNTIME, which its bundler reads for the
 * esbuild target and the runtime (netlify-cli's lib/functions/config.js passes it as zip-it-and-ship-it's
 * nodeVersion). Both are a supported LTS, the same major; the code itself still runs on Node >= 20.19.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as root } from "./fixtures/repo-root";

const toml = parse(fs.readFileSync(path.join(root, "netlify.toml"), "utf8")) as {
  build: { command: string; publish: string; environment: Record<string, string> };
  functions: Record<string, unknown> & { "leads-flush"?: { schedule?: string } };
};
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } };

describe("netlify.toml: Node 22 in production", () => {
  it("builds on Node 22 and deploys the functions for nodejs22.x", () => {
    const { NODE_VERSION, AWS_LAMBDA_JS_RUNTIME } = toml.build.environment;
    expect(NODE_VERSION).toBe("22");
    expect(AWS_LAMBDA_JS_RUNTIME).toBe("nodejs22.x");
    expect(AWS_LAMBDA_JS_RUNTIME).toBe(`nodejs${NODE_VERSION}.x`);
  });

  it("bundles the scheduled flush with esbuild, pg left external, hourly", () => {
    expect(toml.functions).toMatchObject({ directory: "src/netlify", node_bundler: "esbuild", external_node_modules: ["pg"] });
    expect(toml.functions["leads-flush"]?.schedule).toBe("@hourly");
    expect(toml.build).toMatchObject({ command: "npm run build", publish: "public" });
  });

  it("the code still runs on this machine's Node 20 (engines >=20.19)", () => {
    expect(pkg.engines.node).toBe(">=20.19");
    const [major, minor] = process.versions.node.split(".").map(Number);
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
  });
});
