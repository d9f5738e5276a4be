import type { GuideCompetency } from "./interview-plan";
import { PickerSet } from "./competency-picker";

/** The name of the question boxes (each box's value is the question's id). */
export const QUESTION_CONTROL = "builder-question";

export interface QuestionPickerProps {
  competencies: readonly GuideCompetency[];
  selectedCompetencies: readonly string[];
  selectedQuestions: readonly string[];
  onToggle: (id: string) => void;
}

/** Step 3: questions of the chosen competencies; ticking adds one to the end of the interview. */
export function QuestionPicker({ competencies, selectedCompetencies, selectedQuestions, onToggle }: QuestionPickerProps) {
  const shown = competencies.filter((c) => selectedCompetencies.includes(c.name));
  if (shown.length === 0) return <p>Choose at least one competency to see its questions.</p>;
  return (
    <>
      {shown.map((c) => (
        <PickerSet key={c.name}>
          <legend>{`Questions: ${c.name}`}</legend>
          <ul>
            {c.questions.map((q) => (
              <li key={q.id}>
                <label>
                  <input
                    type="checkbox"
                    name={QUESTION_CONTROL}
                    value={q.id}
                    checked={selectedQuestions.includes(q.id)}
                    onChange={() => onToggle(q.id)}
                  />
                  <span>{q.text}</span>
                </label>
              </li>
            ))}
          </ul>
        </PickerSet>
      ))}
    </>
  );
}
