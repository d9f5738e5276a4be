/** The environment the code runs in, and the host it runs on. */
export const runtimeEnv: Record<string, string | undefined> = globalThis.process?.env ?? {};

/** A variable's trimmed value; blank is unset. */
export const env = (name: string): string | undefined => {
  const value = runtimeEnv[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
};

/**
 * Netlify sets NETLIFY=true at build time (netlify-cli's builds NETLIFY_LOCAL); its functions see only the
 * variables set in Netlify's UI.
 */
export const builtForNetlify = Boolean(process.env.NETLIFY) || Boolean(process.env.NETLIFY_LOCAL);
export const onNetlify = () => env("NETLIFY") === "true";

/** A serverless host (Netlify's, or any AWS Lambda): each instance's disk is its own and thrown away. */
export const onServerless = () => onNetlify() || env("AWS_LAMBDA_FUNCTION_NAME") !== undefined;

/**
 * The build targets Netlify exactly when Gatsby's own adapter detection would pick gatsby-adapter-netlify
 * (the `test` of its entry in node_modules/gatsby/adapters.js): NETLIFY or NETLIFY_LOCAL set to any
 * non-empty value (netlify-cli sets only NETLIFY_LOCAL). Raw values on purpose: Gatsby counts " " as set.
 */
export const netlifyAdapterDetected = (): boolean => Boolean(runtimeEnv.NETLIFY) || Boolean(runtimeEnv.NETLIFY_LOCAL);

/** The build's public GATSBY_* variables, as Gatsby inlines them (the early script's build, the schema check). */
export const publicVariables = (): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(runtimeEnv).filter(([name]) => name.startsWith("GATSBY_")));
