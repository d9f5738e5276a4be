/** HubSpot's schema: lead forms only (not Contentful entries: no entry id for inspector mode). */
import { implementations } from "../schema";

export const hubspotTypeDefs = (): string => implementations("HubSpot", { only: ["LeadForm"], entryIds: false });
