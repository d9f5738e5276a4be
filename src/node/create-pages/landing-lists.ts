// Site-wide lists come with a landing page's own query, only when it has the section (`@include(if: $with…)`):
// as static queries they would be a request of their own on every landing page (docs/architecture.md#publish-to-live).

/** The section block types that need a list, and the page-query variable that fetches it. */
export const LIST_VARIABLES = {
  CompanyList: "withCompanies",
  IntegrationList: "withIntegrations",
  JobList: "withJobs",
} as const;

export type ListVariable = (typeof LIST_VARIABLES)[keyof typeof LIST_VARIABLES];

/** The page-context variables for a landing page whose sections have these block types. */
export function listVariables(blocktypes: readonly string[]): Partial<Record<ListVariable, true>> {
  const variables: Partial<Record<ListVariable, true>> = {};
  for (const blocktype of blocktypes)
    if (Object.hasOwn(LIST_VARIABLES, blocktype)) variables[LIST_VARIABLES[blocktype as keyof typeof LIST_VARIABLES]] = true;
  return variables;
}
