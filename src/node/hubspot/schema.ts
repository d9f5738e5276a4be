/** HubSpot's schema: lead forms only. */
import { implementations } from "../schema";

export const hubspotTypeDefs = (): string => implementations("HubSpot", { only: ["LeadForm"] });
