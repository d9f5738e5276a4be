/** The consent library's style sheet as text (src/consent/library-styles.ts). */
declare module "!!raw-loader!vanilla-cookieconsent/dist/cookieconsent.css" {
  const css: string;
  export default css;
}
