/** The local server is started one way everywhere (scripts/lib/serve-command.ts); package.json's `serve` is the one copy that cannot import it. */
import fs from "node:fs";
import path from "node:path";
import { serveCommand } from "../../../scripts/lib/serve-command";
import { REPO_ROOT } from "../../fixtures/repo-root";

it("npm run serve starts the server as serve-command.ts says", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  expect(pkg.scripts.serve).toBe(`GATSBY_TELEMETRY_DISABLED=1 ${serveCommand("--port ${PORT:-9000}")}`);
});
