import { DEFAULT_VALUES, parseForm } from "../../src/components/tools/staffing-form";
import { staff } from "../../src/components/tools/staffing";

/** The phone agents the model gives for the example help desk with `phoneVolume` calls a month, as the page shows them. */
export function expectedPhoneAgents(phoneVolume: string): string {
  const form = parseForm({ ...DEFAULT_VALUES, "phone.volume": phoneVolume });
  if (!form.ok) throw new Error("invalid test input");
  return String(Math.round(staff(form.parsed.inputs, form.parsed.team).channels.find((c) => c.channel === "phone")!.agents));
}
