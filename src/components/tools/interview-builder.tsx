import { useEffect, useMemo, useRef, useState } from "react";
import { graphql } from "gatsby";
import styled, { createGlobalStyle } from "styled-components";
import { theme } from "../../theme/theme";
import { SiteLink } from "../ui/site-link";
import {
  adoptTicked,
  defaultSelection,
  guideFilename,
  moveQuestion,
  planItems,
  removeQuestion,
  sanitizeSelection,
  toggleCompetency,
  toggleQuestion,
  toMarkdown,
  toPlainText,
  type Guide,
  type Selection,
  type TickedBeforeHydration,
} from "./interview-plan";
import { getStored, setStored } from "../../browser/storage";
import { consentedLocalStorage } from "../../consent/app";
import { ROLE_CONTROL, RolePicker } from "./role-picker";
import { COMPETENCY_CONTROL, CompetencyPicker } from "./competency-picker";
import { QUESTION_CONTROL, QuestionPicker } from "./question-picker";
import { InterviewPlanList } from "./interview-plan-list";
import { GuideActions } from "./guide-actions";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { useIsomorphicLayoutEffect } from "../../hooks/use-isomorphic-layout-effect";

export const BUILDER_STORAGE_KEY = "nd_interview_builder";

interface Saved {
  role: string;
  selections: Record<string, Selection>;
}

/** Only the guide goes to paper: no floating launcher or bar, no section padding. */
const PrintRules = createGlobalStyle`
  @media print {
    [data-support-launcher],
    [data-fixed-bar] {
      display: none !important;
    }
    main > section {
      padding: 0 !important;
      background: none !important;
    }
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.xl};
  ${theme.media.l} {
    grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr);
    align-items: start;
  }
  @media print {
    display: block;
  }
`;
const Panel = styled.section`
  background: ${theme.colors.white};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.l};
  padding: ${theme.space.m};
  ${theme.media.m} {
    padding: ${theme.space.l};
  }
  h2 {
    font-size: ${theme.fontSizes.xxl};
  }
  select {
    width: 100%;
  }
  @media print {
    border: 0;
    padding: 0;
  }
`;
const Meta = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.s};
`;
const PrintOnly = styled.p`
  display: none;
  @media print {
    display: block;
  }
`;

/** The pickers as the visitor left them: the role chosen and the boxes ticked. */
function readPickers(panel: HTMLElement | null): (TickedBeforeHydration & { role: string }) | null {
  const select = panel?.querySelector<HTMLSelectElement>(`#${ROLE_CONTROL}`);
  if (!panel || !select) return null;
  const ticked = (name: string) =>
    Array.from(panel.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`))
      .filter((box) => box.checked)
      .map((box) => box.value);
  return { role: select.value, competencies: ticked(COMPETENCY_CONTROL), questions: ticked(QUESTION_CONTROL) };
}

const sameSelection = (a: Selection, b: Selection) =>
  a.competencies.join("\n") === b.competencies.join("\n") && a.questions.join("\n") === b.questions.join("\n");

export interface InterviewBuilderProps {
  guides: readonly (Guide & { jobDescription?: { slug: string; title: string } | null })[];
  jobDescriptionPath?: (slug: string) => string;
}

/**
 * Pick a role, its competencies and questions, put them in order and take the guide away
 * (print, copy, Markdown). Choices are remembered per role in local storage; ?role= preselects one.
 */
export function InterviewBuilder({ guides, jobDescriptionPath }: InterviewBuilderProps) {
  const [saved, setSaved] = useState<Saved>(() => ({ role: guides[0]?.slug ?? "", selections: {} }));
  const [ready, setReady] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pickersRef = useRef<HTMLElement>(null);

  // Once, in the hydrating commit: what the visitor chose in the server-rendered pickers while the scripts were
  // on their way is adopted (React's state starts from the first role's defaults and would render them back
  // over it). See docs/page-load.md#typing-while-the-page-hydrates.
  useIsomorphicLayoutEffect(() => {
    const typed = readPickers(pickersRef.current);
    const stored = getStored<Partial<Saved>>(BUILDER_STORAGE_KEY, Date.now(), consentedLocalStorage());
    const fromUrl = new URLSearchParams(window.location.search).get("role");
    const known = (slug: unknown): slug is string => typeof slug === "string" && guides.some((g) => g.slug === slug);
    const selections: Record<string, Selection> = {};
    if (stored?.selections && typeof stored.selections === "object") {
      for (const g of guides) if (g.slug in stored.selections) selections[g.slug] = sanitizeSelection(g, stored.selections[g.slug]);
    }
    let role = known(fromUrl) ? fromUrl : known(stored?.role) ? stored.role : (guides[0]?.slug ?? "");
    const rendered = guides[0];
    if (typed && rendered) {
      if (typed.role !== rendered.slug && known(typed.role)) role = typed.role;
      else {
        const shown = defaultSelection(rendered);
        const adopted = adoptTicked(rendered, shown, typed);
        if (!sameSelection(adopted, shown)) {
          role = rendered.slug;
          selections[rendered.slug] = adopted;
        }
      }
    }
    setSaved({ role, selections });
    setReady(true);
  }, [guides]);

  useEffect(() => {
    // Kept for the next visit only with `preferences` (docs/product-rules.md#consent-over-time).
    if (ready) setStored(BUILDER_STORAGE_KEY, saved, { storage: consentedLocalStorage() });
  }, [saved, ready]);

  const guide = guides.find((g) => g.slug === saved.role) ?? guides[0];
  const stored = guide ? saved.selections[guide.slug] : undefined;
  const selection = useMemo<Selection>(
    () => stored ?? (guide ? defaultSelection(guide) : { competencies: [], questions: [] }),
    [stored, guide],
  );
  const items = useMemo(() => (guide ? planItems(guide, selection) : []), [guide, selection]);
  if (!guide) return <p>No interview guides yet.</p>;

  const update = (next: (sel: Selection) => Selection) =>
    setSaved((s) => ({ ...s, selections: { ...s.selections, [guide.slug]: next(s.selections[guide.slug] ?? defaultSelection(guide)) } }));
  const chooseRole = (slug: string) => {
    setSaved((s) => ({ ...s, role: slug }));
    const url = new URL(window.location.href);
    url.searchParams.set("role", slug);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  };
  const reset = () => update(() => defaultSelection(guide));

  return (
    <Columns>
      <PrintRules />
      <Panel ref={pickersRef} aria-labelledby="builder-choose" data-print="hide">
        <h2 id="builder-choose">Choose what to ask</h2>
        <RolePicker roles={guides} value={guide.slug} onChange={chooseRole} />
        <CompetencyPicker
          competencies={guide.competencies}
          selected={selection.competencies}
          onToggle={(n) => update((s) => toggleCompetency(guide, s, n))}
        />
        <QuestionPicker
          competencies={guide.competencies}
          selectedCompetencies={selection.competencies}
          selectedQuestions={selection.questions}
          onToggle={(id) => update((s) => toggleQuestion(s, id))}
        />
      </Panel>
      <Panel aria-labelledby="builder-plan" data-testid="interview-plan">
        <h2 id="builder-plan" ref={headingRef} tabIndex={-1}>
          {`${guide.role} interview`}
        </h2>
        <Meta>
          {items.length === 1 ? "1 question" : `${items.length} questions`}, about {Math.max(15, items.length * 5)} minutes.{" "}
          <span data-print="hide">
            Full guide: <SiteLink to={`/interview-builder/${guide.slug}/`}>{guide.title}</SiteLink>
            {guide.jobDescription && jobDescriptionPath && (
              <>
                {" · "}
                <SiteLink to={jobDescriptionPath(guide.jobDescription.slug)}>job description</SiteLink>
              </>
            )}
          </span>
        </Meta>
        <PrintOnly>Candidate: ____________________ Interviewer: ____________________ Date: ____________</PrintOnly>
        <GuideActions
          disabled={items.length === 0}
          filename={guideFilename(guide)}
          markdown={() => toMarkdown(guide, items)}
          text={() => toPlainText(guide, items)}
        />
        {items.length === 0 ? (
          <p>No questions yet. Tick questions on the left to add them to this interview.</p>
        ) : (
          <InterviewPlanList
            items={items}
            emptyFocusRef={headingRef}
            onMove={(id, delta) => update((s) => moveQuestion(s, id, delta))}
            onRemove={(id) => update((s) => removeQuestion(s, id))}
          />
        )}
        <p data-print="hide">
          <Button size="S" variant="secondary" onClick={reset}>
            <Icon name="rotate-ccw" size={16} />
            Reset to suggested questions
          </Button>
        </p>
      </Panel>
    </Columns>
  );
}

/** A guide as the builder (and every page that lists or shows guides) takes it: `Guide` in src/components/tools/interview-plan.ts. */
export const query = graphql`
  fragment InterviewGuideFields on InterviewGuide {
    slug
    role
    title
    summary
    competencies {
      name
      description
      questions {
        id
        text
        lookFor
      }
    }
  }
`;
