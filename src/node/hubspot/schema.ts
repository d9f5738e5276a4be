/**
 * HubSpot's schema: lead forms only. Always declared, so the queries work with or without HubSpot
 * (src/node/hubspot/source.ts creates the nodes when HUBSPOT_ACCESS_TOKEN is set).
 */
import { implementations } from "../schema";

export const hubspotTypeDefs = (): string => implementations("HubSpot", { only: ["LeadForm"] });
