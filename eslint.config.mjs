import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const GATSBY_LINK = {
  name: "gatsby",
  importNames: ["Link"],
  message: "Use SiteLink (src/components/ui/site-link.tsx): same behaviour, a fraction of the hydration cost (docs/performance.md).",
};

const UI = ["browser", "components", "hooks", "hydration", "pages", "personalization", "templates", "theme"];
const BUILD = ["node"];
const FUNCTIONS = ["api", "netlify", "server"];
const ALL = [...UI, ...BUILD, ...FUNCTIONS, "config", "lib"];

/** A relative import that goes through src/<folder> (from anywhere in src: "../node/x", "../../server/y"). */
const through = (folders) => `^\\.{1,2}/(.*/)?(${folders.join("|")})(/|$)`;

/** Per folder: the folders of src its files must not import, and why. */
const layer = (folder, banned, why) => ({
  files: [`src/${folder}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        paths: [GATSBY_LINK],
        patterns: [{ regex: through(banned), message: `src/${folder} must not import ${banned.join(", ")}: ${why}` }],
      },
    ],
  },
});

const boundaries = [
  // Every file of src: gatsby's Link is replaced by SiteLink.
  { files: ["src/**/*.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { paths: [GATSBY_LINK] }] } },
  layer(
    "lib",
    ALL.filter((f) => f !== "lib"),
    "lib is the shared leaf; move what it needs into lib.",
  ),
  layer(
    "config",
    ALL.filter((f) => f !== "lib" && f !== "config"),
    "config is a leaf (it may use lib).",
  ),
  layer("node", [...UI, ...FUNCTIONS], "build code shares only lib and config with the browser and the functions."),
  ...FUNCTIONS.map((folder) => layer(folder, [...UI, ...BUILD], "the functions share only lib and config with the build and the browser.")),
  ...UI.map((folder) => layer(folder, [...BUILD, ...FUNCTIONS], "UI never imports build code or the functions; shared code lives in lib.")),
];

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
  ...boundaries,
);
