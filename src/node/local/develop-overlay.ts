/** Shows a content error in the browser while `gatsby develop` runs, through Gatsby's develop overlay. */
const OVERLAY_ID = "northdesk-embedded-content";

interface WebsocketManager {
  emitError(id: string, message: unknown): void;
}

function websocketManager(): WebsocketManager | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a private module, loaded only in develop
    return (require("gatsby/dist/utils/websocket-manager") as { websocketManager?: WebsocketManager }).websocketManager;
  } catch {
    return undefined;
  }
}

/** `message`: the problems as `npm run content:check` prints them; null clears the overlay. */
export function showContentErrorInBrowser(message: string | null) {
  // The overlay lists structured errors as Gatsby's reporter makes them: a title, a text, a level and a code.
  const error = message && {
    level: "ERROR",
    code: "content",
    context: { sourceMessage: message.split("\n")[0] },
    text: message,
  };
  websocketManager()?.emitError(OVERLAY_ID, error ? [error] : null);
}
