import { useEffect, useRef } from "react";
import { StatusBox } from "./lead-form-styles";

export type LeadFormState = "idle" | "invalid" | "submitting" | "success" | "error";

/** The status message that replaces the submit control (docs/product-rules.md#lead-form-flow). */
export function LeadFormStatus({ state, html }: { state: LeadFormState; html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus({ preventScroll: true });
  }, []);
  const tone = state === "success" ? "success" : state === "error" ? "error" : "info";
  return (
    <StatusBox
      ref={ref}
      tabIndex={-1}
      className="full"
      $tone={tone}
      role={state === "error" ? "alert" : "status"}
      data-form-status={state}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
