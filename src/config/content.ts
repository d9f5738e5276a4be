/** Where the embedded content lives, and whether the running Gatsby command keeps watching it. */
import path from "node:path";
import { readServerConfig } from "./index";

/** content/ of the repository, or CONTENT_DIR (a copy, in tests and previews). */
export const contentRoot = (repositoryRoot = process.cwd()): string =>
  readServerConfig().contentDir ?? path.join(repositoryRoot, "content");

/** Gatsby sets gatsby_executing_command for the plugins of the command it runs. */
export const watchingContent = (): boolean => process.env.gatsby_executing_command === "develop";
