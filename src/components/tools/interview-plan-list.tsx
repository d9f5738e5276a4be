import { useEffect, useRef } from "react";
import styled from "styled-components";
import { theme } from "../../theme/theme";
import type { PlanItem } from "./interview-plan";
import { Icon } from "../ui/icon";

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  counter-reset: question;
`;
const Item = styled.li`
  counter-increment: question;
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${theme.space.s};
  padding: ${theme.space.m};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.m};
  background: ${theme.colors.white};
  & + & {
    margin-top: ${theme.space.s};
  }
  &::before {
    content: counter(question);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 28px;
    height: 28px;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.cobaltTint};
    color: ${theme.colors.cobaltDark};
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.s};
  }
  .text {
    font-weight: ${theme.fontWeights.bold};
    margin: 0 0 ${theme.space.xxs};
  }
  .competency {
    font-size: ${theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${theme.colors.textMuted};
    margin: 0 0 ${theme.space.xxs};
  }
  .look-for {
    font-size: ${theme.fontSizes.s};
    color: ${theme.colors.textMuted};
    margin: 0;
  }
  .notes {
    display: none;
  }
  @media print {
    break-inside: avoid;
    border-color: ${theme.colors.slate};
    .notes {
      display: block;
      height: 4.5cm;
      margin-top: ${theme.space.s};
      border-top: 1px dashed ${theme.colors.slate};
      font-size: ${theme.fontSizes.xs};
      color: ${theme.colors.textMuted};
    }
  }
`;
const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
  margin-top: ${theme.space.s};
  button {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font: inherit;
    font-size: ${theme.fontSizes.s};
    padding: 4px 10px;
    min-height: 32px;
    border: 1px solid ${theme.colors.slate};
    border-radius: ${theme.radii.s};
    background: ${theme.colors.white};
    color: ${theme.colors.text};
    cursor: pointer;
    &:hover:not(:disabled) {
      background: ${theme.colors.cobaltTint};
    }
    &:disabled {
      opacity: 0.45;
      cursor: not-allowed;
    }
  }
  .remove {
    margin-left: auto;
    color: ${theme.colors.red};
    border-color: currentColor;
  }
`;

export type PlanAction = "up" | "down" | "remove";

export interface InterviewPlanListProps {
  items: PlanItem[];
  onMove: (id: string, delta: -1 | 1) => void;
  onRemove: (id: string) => void;
  /** Where focus goes when the list becomes empty. */
  emptyFocusRef: React.RefObject<HTMLElement | null>;
}

/** The interview in order. */
export function InterviewPlanList({ items, onMove, onRemove, emptyFocusRef }: InterviewPlanListProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pending = useRef<{ id: string; action: PlanAction } | null>(null);

  useEffect(() => {
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    const get = (id: string, action: PlanAction) => buttons.current.get(`${id}:${action}`);
    if (next.action === "remove") {
      (get(next.id, "remove") ?? emptyFocusRef.current)?.focus();
      return;
    }
    const same = get(next.id, next.action);
    const other = get(next.id, next.action === "up" ? "down" : "up");
    (same && !same.disabled ? same : other)?.focus();
  }, [items, emptyFocusRef]);

  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };
  const move = (id: string, delta: -1 | 1) => {
    pending.current = { id, action: delta < 0 ? "up" : "down" };
    onMove(id, delta);
  };
  const remove = (index: number) => {
    const neighbour = items[index + 1] ?? items[index - 1];
    pending.current = { id: neighbour?.question.id ?? "", action: "remove" };
    onRemove(items[index].question.id);
  };

  return (
    <List aria-label="Interview questions in order">
      {items.map(({ question, competency }, i) => (
        <Item key={question.id} data-testid="plan-item">
          <div>
            <p className="competency">{competency.name}</p>
            <p className="text">{question.text}</p>
            <p className="look-for">
              <strong>Look for:</strong> {question.lookFor}
            </p>
            <p className="notes" aria-hidden="true">
              Notes
            </p>
            <Controls data-print="hide">
              <button
                type="button"
                ref={ref(`${question.id}:up`)}
                disabled={i === 0}
                onClick={() => move(question.id, -1)}
                aria-label={`Move question ${i + 1} up`}
              >
                <Icon name="arrow-up" size={16} />
                Up
              </button>
              <button
                type="button"
                ref={ref(`${question.id}:down`)}
                disabled={i === items.length - 1}
                onClick={() => move(question.id, 1)}
                aria-label={`Move question ${i + 1} down`}
              >
                <Icon name="arrow-down" size={16} />
                Down
              </button>
              <button
                type="button"
                className="remove"
                ref={ref(`${question.id}:remove`)}
                onClick={() => remove(i)}
                aria-label={`Remove question ${i + 1}`}
              >
                <Icon name="trash-2" size={16} />
                Remove
              </button>
            </Controls>
          </div>
        </Item>
      ))}
    </List>
  );
}
