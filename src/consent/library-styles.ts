/**
 * vanilla-cookieconsent's style sheet as text, for the preferences (src/consent/preferences.ts), which put it
 * in a `<style>` when they first load.
 */
export const loadLibraryStyles = (): Promise<string> =>
  import("!!raw-loader!vanilla-cookieconsent/dist/cookieconsent.css").then((module) => module.default);
