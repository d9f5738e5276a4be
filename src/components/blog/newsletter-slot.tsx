import { useEffect, useRef, useState, type ComponentType } from "react";
import type { LeadFormData } from "../form/lead-form-slot";
import type { NewsletterPromptProps } from "./newsletter-prompt";
import { mayPromptNewsletter } from "../form/newsletter";

type State = "deciding" | "waiting" | "off";

/** Where a blog post asks its reader to subscribe (docs/product-rules.md#markers). */
export function NewsletterSlot({ form }: { form: LeadFormData | null | undefined }) {
  const place = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>("deciding");
  const [Prompt, setPrompt] = useState<ComponentType<NewsletterPromptProps> | null>(null);

  useEffect(() => {
    if (!form?.alternative_id || !form.fieldGroups?.length) return setState("off");
    let live = true;
    let observer: IntersectionObserver | undefined;
    // A task after hydration: the first storage read of a page is a synchronous round trip (docs/architecture.md#lighthouse-and-main-thread).
    const timer = setTimeout(() => {
      if (!mayPromptNewsletter()) return setState("off");
      setState("waiting");
      import(/* webpackChunkName: "newsletter-prompt" */ "./newsletter-prompt").then(
        ({ NewsletterPrompt }) => {
          if (!live || !place.current) return;
          observer = new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) return;
            observer?.disconnect();
            setPrompt(() => NewsletterPrompt);
          });
          observer.observe(place.current);
        },
        (error: unknown) => console.warn("The newsletter prompt could not load.", error),
      );
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [form]);

  if (Prompt && form) return <Prompt form={form} />;
  return <div ref={place} data-newsletter-slot={state} />;
}
