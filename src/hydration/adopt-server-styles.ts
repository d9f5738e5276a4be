/**
 * Side effect, imported first by gatsby-browser: the running styled-components sheet takes over the server's
 * style element (see server-styles.ts). It has to run before any styled component is defined.
 */
import { __PRIVATE__ } from "styled-components";
import { adoptServerStyles, type MainSheetLike } from "./server-styles";

// The sheet is typed by its public surface; adoptServerStyles checks the internals it needs before use.
adoptServerStyles(document, __PRIVATE__.mainSheet as unknown as MainSheetLike, __PRIVATE__.StyleSheet);
