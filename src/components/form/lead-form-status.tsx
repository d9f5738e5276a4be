import { StatusBox } from "./lead-form-styles";

export type LeadFormState = "idle" | "invalid" | "submitting" | "success" | "error";

/** The status message that replaces the submit control (SPEC 4.8). `html` is already sanitized. */
export function LeadFormStatus({ state, html }: { state: LeadFormState; html: string }) {
  const tone = state === "success" ? "success" : state === "error" ? "error" : "info";
  return (
    <StatusBox
      className="full"
      $tone={tone}
      role={state === "error" ? "alert" : "status"}
      data-form-status={state}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
