/** The hosted consent managers' adapters (docs/consent-managers.md), by the provider's name in the settings. */
import type { ConsentProvider, ConsentSettings } from "../../config/consent";
import { cookiebotAdapter, scriptAttributes as cookiebotAttributes } from "./cookiebot";
import { oneTrustAdapter, scriptAttributes as oneTrustAttributes } from "./onetrust";
import { osanoAdapter, scriptAttributes as osanoAttributes } from "./osano";
import type { ConsentAdapter, ScriptAttributes } from "./types";

export type { ConsentAdapter, ScriptAttributes } from "./types";

const ADAPTERS: Record<ConsentProvider, { adapter: ConsentAdapter; attributes: ScriptAttributes }> = {
  osano: { adapter: osanoAdapter, attributes: osanoAttributes },
  onetrust: { adapter: oneTrustAdapter, attributes: oneTrustAttributes },
  cookiebot: { adapter: cookiebotAdapter, attributes: cookiebotAttributes },
};

export const adapterFor = (name: ConsentProvider): ConsentAdapter => ADAPTERS[name].adapter;

/** The attributes the site's loader puts on the manager's <script> tag, besides its src. */
export const scriptAttributesFor = (name: ConsentProvider, settings: ConsentSettings): Record<string, string> =>
  ADAPTERS[name].attributes(settings);
