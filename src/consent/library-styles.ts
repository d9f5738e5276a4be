/**
 * vanilla-cookieconsent's style sheet as text, for the preferences (src/consent/preferences.ts), which put it in a
 * `<style>` when they first load. Through raw-loader, `!!` skipping the site's CSS rules: Gatsby puts every
 * imported style sheet, lazy ones included, into the one global CSS it inlines in every page's head, and this one
 * (32 KB, 5.3 KB gzip) must only arrive with the preferences. Its own module so that tests (Vite, which knows no
 * webpack loaders) can stand in for it.
 */
export const loadLibraryStyles = (): Promise<string> =>
  import("!!raw-loader!vanilla-cookieconsent/dist/cookieconsent.css").then((module) => module.default);
