/** Where the embedded content lives, and whether the running Gatsby command keeps watching it. */
import path from "node:path";
import { gatsbyCommand, readServerConfig } from "./index";

/** content/ of the repository, or CONTENT_DIR (a copy, in tests and previews). */
export const contentRoot = (repositoryRoot = process.cwd()): string =>
  readServerConfig().contentDir ?? path.join(repositoryRoot, "content");

/** Gatsby sets gatsby_executing_command for the plugins of the command it runs. */
export const watchingContent = (): boolean => gatsbyCommand() === "develop";

/**
 * The filesystem source's instance for the embedded content's images: content/images only, so a File
 * node's relativePath is the content's image path without its leading "images/".
 */
export const CONTENT_IMAGES = { name: "content-images", folder: "images" } as const;
