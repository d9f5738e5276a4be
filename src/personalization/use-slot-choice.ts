/**
 * Which copy a personalized slot shows (docs/page-load.md#personalization-in-the-first-second). The slot
 * renders every copy stacked (baseline and variants, src/components/ui/reserve.tsx); this decides which
 * one is visible, so that a visitor never sees one headline replaced by another while reading it:
 * - on hydration, it adopts the choice the page made before (the head's pre-paint script from storage, or
 *   the early profile answer), in a layout effect: React shows the same copy before the next paint and the
 *   page's marker attributes go in the same commit;
 * - on a client-side mount, it starts from the SDK's selection if the SDK already has one;
 * - afterwards, a new selection (the early answer's event, or the SDK's) is shown only within
 *   SWAP_LIMIT_MS of the first paint; a later one waits for the next page (the SDK has stored it).
 * The SDK's own states are unchanged: while it loads (or is absent) the slot keeps what it shows.
 */
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
