/** docs/product-rules.md#sign-up-page: the sign-up form's hidden attribution fields; each defaults to a dash when empty. */
export const SIGNUP_HIDDEN_FIELDS = [
  "GA_Source",
  "GA_Medium",
  "GA_Term",
  "GA_Campaign",
  "GA_Content",
  "GA_Url",
  "GA_Source_First",
  "GA_Medium_First",
  "GA_Url_First",
  "GA_Campaign_First",
  "GA_Content_First",
  "GA_Term_First",
] as const;
export type SignupHiddenField = (typeof SIGNUP_HIDDEN_FIELDS)[number];
export const EMPTY_FIELD_VALUE = "-";
