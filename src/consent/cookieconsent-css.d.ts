/**
 * The consent library's style sheet as text (src/consent/library-styles.ts). Through raw-loader (`!!` skips the
 * site's CSS rules): Gatsby puts every imported style sheet, lazy ones included, into the one global CSS it
 * inlines in every page's head, and this one (32 KB) must only arrive with the preferences.
 */
declare module "!!raw-loader!vanilla-cookieconsent/dist/cookieconsent.css" {
  const css: string;
  export default css;
}
