import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importPlugin from "eslint-plugin-import";
import globals from "globals";

const GATSBY_LINK = {
  name: "gatsby",
  importNames: ["Link"],
  message:
    "Use SiteLink (src/components/ui/site-link.tsx): same behaviour, a fraction of the hydration cost (docs/techniques/site-link.md).",
};

const UI = ["browser", "components", "hooks", "hydration", "pages", "personalization", "ssr", "templates", "theme"];
const BUILD = ["node"];
const FUNCTIONS = ["api", "netlify", "server"];
/** The consent model's browser side: under the UI, over lib and config (docs/boundaries.md). */
const CONSENT = ["consent"];
/** The vendor catalog: declarations over lib, read by config and everything above (docs/boundaries.md). */
const VENDORS = ["vendors"];
const ALL = [...UI, ...BUILD, ...FUNCTIONS, ...CONSENT, ...VENDORS, "config", "lib"];

/**
 * A relative import that climbs to src/ and enters src/<folder> ("../node/x", "../../server/y"). Only the first
 * segment after the climb counts, so a sibling named like a layer (src/node/create-pages/templates.ts,
 * src/node/schema/personalization.ts) is not mistaken for one.
 */
const through = (folders) => `^(\\.\\./)+(${folders.join("|")})(/|$)`;

/** src/hydration has one public face, its index (and the side-effect module gatsby-browser imports first). */
const HYDRATION_FACE = {
  regex: "^\\.{1,2}/(.*/)?hydration/(?!index$|adopt-server-styles$)",
  message: "Import the main-thread machinery from src/hydration (its index), not from a file inside it.",
};

/** Per folder: the folders of src its files must not import, and why. */
const layer = (folder, banned, why) => ({
  files: [`src/${folder}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        paths: [GATSBY_LINK],
        patterns: [
          { regex: through(banned), message: `src/${folder} must not import ${banned.join(", ")}: ${why}` },
          ...(folder === "hydration" ? [] : [HYDRATION_FACE]),
        ],
      },
    ],
  },
});

/**
 * The speed techniques' rules as syntax (docs/techniques/README.md#lint-rules-eslintconfigmjs), each with the one place allowed to break it.
 * no-restricted-syntax takes one list per file, so an exempt file gets the list without its own rule.
 */
const SYNTAX_RULES = {
  intl: [
    {
      selector: "Identifier[name='Intl']",
      message:
        "No Intl while a page boots: use the formats of src/components/ui/format.ts (a first formatter loads ICU data: a long task).",
    },
    {
      selector: "MemberExpression[property.name=/^toLocale(String|DateString|TimeString)$/]",
      message: "No toLocaleString while a page boots: use the formats of src/components/ui/format.ts.",
    },
  ],
  gatsbyGlobals: [
    {
      selector: ":matches(Identifier[name=/^___(loader|navigate|emitter)$/], Literal[value=/^___(loader|navigate|emitter)$/])",
      message: "Gatsby's private globals are read in src/hydration/gatsby-internals.ts only (gatsbyLoader, gatsbyNavigate).",
    },
  ],
  fontWeights: [
    {
      selector: "TaggedTemplateExpression TemplateElement[value.raw=/font-weight:\\s*(\\d|bold|normal|bolder|lighter)/]",
      message: "Font weights come from the theme (theme.fontWeights): each weight is one more font strike before the first layout.",
    },
  ],
  // docs/product-rules.md#consent-over-time: a cookie or storage key that is not strictly necessary is read and
  // written through the consented store (src/consent/consented-store.ts) only; STORAGE_WRITERS may touch them.
  storage: [
    { selector: "MemberExpression[property.name='cookie']", message: "No document.cookie: use src/consent/consented-store.ts." },
    {
      selector: "Identifier[name=/^(local|session)Storage$/]:not(Property > Identifier.key):not(TSPropertySignature > Identifier.key)",
      message: "No localStorage or sessionStorage: use consentedLocalStorage() (src/consent/app.ts) or the consented store.",
    },
    { selector: "Literal[value=/^(local|session)Storage$/]", message: "No storage by name: use the consented store." },
    {
      selector: "ImportDeclaration[source.value='js-cookie']",
      message: "js-cookie only in src/lib/cookies.ts, behind the consented store.",
    },
  ],
};
/**
 * The modules that may touch cookies and storage directly, each for a reason: the consented store itself and its
 * primitives, and the writers of necessary keys (docs/product-rules.md#consent "Allowed before a choice").
 */
const STORAGE_WRITERS = [
  "src/lib/cookies.ts", // the cookie primitive (js-cookie) under the consented store and the consent cookie
  "src/consent/consented-store.ts", // the consented store
  "src/consent/stores.ts", // deletion by the sweep and withdrawal
  "src/consent/store-table.ts", // names only: the stores' `localStorage` field
  "src/vendors/catalog.ts", // names only: storeNames()
  "src/vendors/notice.ts", // names only: the notice's store kinds
  "src/consent/app.ts", // consentedLocalStorage(): the page's storage, wrapped
  "src/consent/notice.ts", // nd_consent_notice, nd_gpc_notice_dismissed (necessary)
  "src/consent/do-not-sell-handover.ts", // nd_dns_pending (necessary)
  "src/consent/providers/onetrust.ts", // reads OneTrust's own necessary cookie
  "src/browser/storage.ts", // the expiring-entry helper: necessary keys by default, consented ones through consentedLocalStorage()
  "src/browser/runtime.ts", // nd_last_path (session, necessary)
  "src/browser/lazy-runtime.ts", // chunk recovery (session, necessary)
  "src/browser/early/personalization.ts", // the SDK's keys, read only with `preferences` (its caller checks)
  "src/browser/inline/bootstrap.ts", // reads nd_consent at parse time (necessary)
  "src/browser/inline/pre-paint.ts", // the SDK's selection, read only with `preferences` (checked in the script)
  "src/components/layout/fixed-bar.tsx", // the bars' dismissal flags (necessary)
  "src/node/preview/access.ts", // the preview server's access cookie (server side, necessary)
];
const syntax = (except = []) => ["error", ...Object.entries(SYNTAX_RULES).flatMap(([name, rules]) => (except.includes(name) ? [] : rules))];
const readmeRules = [
  { files: ["src/**/*.{ts,tsx}"], rules: { "no-restricted-syntax": syntax() } },
  { files: ["src/components/ui/format.ts"], rules: { "no-restricted-syntax": syntax(["intl"]) } },
  { files: ["src/hydration/gatsby-internals.ts"], rules: { "no-restricted-syntax": syntax(["gatsbyGlobals"]) } },
  { files: ["src/theme/**/*.{ts,tsx}"], rules: { "no-restricted-syntax": syntax(["fontWeights"]) } },
  { files: STORAGE_WRITERS, rules: { "no-restricted-syntax": syntax(["storage"]) } },
];

const boundaries = [
  // Every file of src: gatsby's Link is replaced by SiteLink.
  { files: ["src/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { paths: [GATSBY_LINK] }] } },
  layer(
    "lib",
    ALL.filter((f) => f !== "lib"),
    "lib is the shared leaf; move what it needs into lib.",
  ),
  layer(
    "vendors",
    ALL.filter((f) => f !== "lib" && f !== "vendors"),
    "the vendor catalog is declarations over lib; what acts on it lives above it.",
  ),
  layer(
    "config",
    ALL.filter((f) => f !== "lib" && f !== "config" && f !== "vendors"),
    "config is a leaf (it may use lib and the vendor catalog, whose variables it reads).",
  ),
  layer("node", [...UI, ...CONSENT, ...FUNCTIONS], "build code shares only lib and config with the browser and the functions."),
  ...FUNCTIONS.map((folder) =>
    layer(folder, [...UI, ...CONSENT, ...BUILD], "the functions share only lib and config with the build and the browser."),
  ),
  layer("consent", [...UI, ...BUILD, ...FUNCTIONS], "consent sits under the browser: it uses lib and config, and nothing above it."),
  ...UI.map((folder) => layer(folder, [...BUILD, ...FUNCTIONS], "UI never imports build code or the functions; shared code lives in lib.")),
  // The root dispatchers may wire any layer, through src/hydration's face only.
  { files: ["gatsby-*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns: [HYDRATION_FACE] }] } },
];

/**
 * Between the trees, checked on resolved paths (an import is followed to the file it names): the site's code never
 * reaches into scripts/ or tests/, and the tools in scripts/ never reach into tests/ (a step that needs the emulators
 * or fixtures is a test step and lives in tests/). tests/ may import src/ and scripts/.
 */
const trees = {
  files: ["**/*.{ts,tsx,mjs}"],
  plugins: { import: importPlugin },
  settings: { "import/resolver": { node: { extensions: [".ts", ".tsx", ".mjs", ".js", ".json"] } } },
  rules: {
    "import/no-restricted-paths": [
      "error",
      {
        basePath: import.meta.dirname,
        zones: [
          {
            target: "./src",
            from: ["./scripts", "./tests"],
            message: "src/ must not import scripts/ or tests/: the site ships without them.",
          },
          {
            target: "./scripts",
            from: "./tests",
            message: "scripts/ must not import tests/: a step that needs test emulators or fixtures belongs in tests/.",
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      ".cache",
      ".netlify",
      ".build",
      "public",
      ".parity",
      "src/gatsby-types.d.ts",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, Queries: "readonly" } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-function-type": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // Layers (docs/boundaries.md): lib and config are leaves; build code (node), functions
  // (server, api, netlify) and the browser (UI) share only lib and config.
  // Plain ES modules (the HTML scan and its worker threads, this file) run in Node.
  { files: ["**/*.mjs"], languageOptions: { globals: globals.node } },
  // e2e routes match by RegExp or glob: a function matcher hands every request of the page to the test
  // worker, which on a busy machine delays the page's own files (docs/develop.md#e2e-on-a-busy-machine).
  {
    files: ["tests/e2e/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(route|unroute)$/] > :matches(ArrowFunctionExpression, FunctionExpression).arguments:first-child",
          message:
            "Match a route with a RegExp or a glob (fixtures.ts offOrigin), not a function: see docs/develop.md#e2e-on-a-busy-machine.",
        },
      ],
    },
  },
  ...boundaries,
  ...readmeRules,
  trees,
);
