/** Old name of signup-experiment-event.ts, kept only for src/personalization/sdk.tsx until it imports the new name; then delete this file. */
export { announceTestVariationChanged, onTestVariationChanged, TEST_VARIATION_CHANGED } from "./signup-experiment-event";
