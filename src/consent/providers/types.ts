/** The contract between the site's one consent model and a hosted consent manager (docs/consent-managers.md). */
import type { ConsentFace } from "../face";
import { OPTIONAL_CATEGORIES, type Choices } from "../../lib/consent-model";
import type { ConsentSettings } from "../../config/consent";

export interface ConsentAdapter {
  /**
   * Starts listening; maps the manager's current saved state (if the visitor has chosen) and every later save
   * into face.choose("manager", choices).
   */
  connect(win: Window, face: ConsentFace, settings: ConsentSettings): () => void;
  /** The do-not-sell link's hand-over: asks the manager to record the refusal (or to show its own do-not-sell UI). */
  doNotSell(win: Window, face: ConsentFace, settings: ConsentSettings): boolean;
}

/** Attributes the site's loader puts on the manager's <script> tag (manual mode: docs/consent-managers.md). */
export type ScriptAttributes = (settings: ConsentSettings) => Record<string, string>;

const sameChoices = (a: Choices, b: Choices) => OPTIONAL_CATEGORIES.every((c) => a[c] === b[c]);

/** Records the manager's choices in the model. */
export function recordManagerChoice(face: ConsentFace, choices: Choices, saved: boolean): void {
  const { record } = face.state();
  // A do-not-sell the manager has not recorded yet stands against its stored state; the rest follows the manager.
  // Once the manager's own state refuses marketing (or the visitor saves in it), the choice is the manager's again.
  if (!saved && record?.method === "do-not-sell" && choices.marketing) {
    if (!sameChoices(record.choices, { ...choices, marketing: false })) face.choose("do-not-sell", choices);
    return;
  }
  if (!saved && record?.method === "manager" && sameChoices(record.choices, choices)) return;
  face.choose("manager", choices);
}
