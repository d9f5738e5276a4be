import fs from "node:fs";
import path from "node:path";
import { readThirdPartySettings } from "../../src/config/third-party";
import type { ScriptIds } from "../../src/vendors/catalog";

/** tests/e2e/third-party.env as `set -a; . file` reads it (NAME=value lines, comments). */
export const readEnvFile = (file: string): Record<string, string> =>
  Object.fromEntries(
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((line) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, name, value]) => [name, value]),
  );

/**
 * The script ids the e2e build was made with, read by the site's own settings module (src/config/third-party.ts)
 * from the file: the test runner's environment does not carry them.
 */
export function e2eScriptIds(): ScriptIds {
  return e2eSettings().scriptIds;
}

/** Whether the e2e build has personalization configured (the strict policy no longer names its host). */
export const e2ePersonalized = (): boolean => e2eSettings().personalization !== undefined;

function e2eSettings(): ReturnType<typeof readThirdPartySettings> {
  const env = readEnvFile(path.join(__dirname, "third-party.env"));
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return readThirdPartySettings();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
