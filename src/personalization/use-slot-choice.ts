/** Which copy a personalized slot shows (docs/page-load.md#personalization-in-the-first-second). */
import { useCallback, useRef, useState } from "react";
import { useIsomorphicLayoutEffect } from "../hooks/use-isomorphic-layout-effect";
import type { SlotSelection } from "./context";
import {
  EARLY_ANSWER_EVENT,
  LIVE_ATTR,
  SHOW_ATTR,
  clearChoice,
  firstPaintTime,
  parseSelectedExperiences,
  selectStoredVariant,
  withinSwapLimit,
} from "./stored-selection";

export interface SlotChoice {
  /** The content id to show. */
  shown: string;
  /** For the slot's stack element. */
  stackRef: (element: HTMLElement | null) => void;
  /** Tells the slot what the SDK selects (call it from a layout effect). */
  report: (selection: SlotSelection) => void;
}

const inTime = () => typeof performance === "undefined" || withinSwapLimit(performance.now(), firstPaintTime(performance));

export function useSlotChoice(baselineId: string, experienceIds: readonly string[], copyIds: readonly string[]): SlotChoice {
  const [shown, setShown] = useState(baselineId);
  const stack = useRef<HTMLElement | null>(null);
  const mounted = useRef(false);
  const sdk = useRef<SlotSelection | null>(null);
  const known = useRef(copyIds);
  known.current = copyIds;
  const valid = useCallback((id: string) => (known.current.includes(id) ? id : baselineId), [baselineId]);

  const stackRef = useCallback((element: HTMLElement | null) => {
    stack.current = element;
    // From now on React owns this slot: the page's scripts no longer mark it.
    element?.setAttribute(LIVE_ATTR, "");
  }, []);

  // Hydration or first mount (after the children's layout effects, so a report from this commit is known).
  useIsomorphicLayoutEffect(() => {
    mounted.current = true;
    const element = stack.current;
    const marked = element?.getAttribute(SHOW_ATTR);
    if (element && marked) {
      if (valid(marked) === baselineId) clearChoice(element);
      else setShown(valid(marked));
    } else if (sdk.current?.settled) setShown(valid(sdk.current.id));
    // Once, on mount.
  }, []);

  // The page's marker goes in the commit where React shows the copy itself.
  useIsomorphicLayoutEffect(() => {
    const element = stack.current;
    if (element?.hasAttribute(SHOW_ATTR) && valid(element.getAttribute(SHOW_ATTR) ?? "") === shown) clearChoice(element);
  }, [shown, valid]);

  const experienceKey = experienceIds.join(" ");
  useIsomorphicLayoutEffect(() => {
    const ids = experienceKey.split(" ");
    const onAnswer = (event: Event) => {
      if (!inTime()) return;
      setShown(valid(selectStoredVariant(parseSelectedExperiences((event as CustomEvent<unknown>).detail), baselineId, ids)));
    };
    window.addEventListener(EARLY_ANSWER_EVENT, onAnswer);
    return () => window.removeEventListener(EARLY_ANSWER_EVENT, onAnswer);
  }, [baselineId, experienceKey, valid]);

  const report = useCallback(
    (selection: SlotSelection) => {
      sdk.current = selection;
      if (mounted.current && selection.settled && inTime()) setShown(valid(selection.id));
    },
    [valid],
  );

  return { shown, stackRef, report };
}
