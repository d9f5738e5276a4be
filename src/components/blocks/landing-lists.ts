/**
 * The landing page's lists (companies, integrations, jobs), from its own query (see
 * src/node/create-pages/landing-lists.ts), handed down to the list sections by the landing template.
 */
import { createContext, useContext } from "react";

export type LandingLists = Partial<Queries.LandingCompaniesFragment & Queries.LandingIntegrationsFragment & Queries.LandingJobsFragment>;

export const LandingListsContext = createContext<LandingLists>({});
export const useLandingLists = () => useContext(LandingListsContext);
