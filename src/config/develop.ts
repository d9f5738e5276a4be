/**
 * `gatsby develop`'s browser bundle: webpack inlines NODE_ENV (development there, production in a
 * build), so code that only concerns one of the two is dropped from the other's bundle.
 */
export const developBundle = process.env.NODE_ENV === "development";

/** A production bundle (webpack inlines NODE_ENV): development-only warnings are dropped from it. */
export const productionBundle = process.env.NODE_ENV === "production";
