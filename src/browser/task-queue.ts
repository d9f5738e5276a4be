/** Work split into tasks (docs/architecture.md#lighthouse-and-main-thread: TBT). */
export type Step = () => void;
export type Schedule = (run: () => void) => void;

const nextTask: Schedule = (run) => void setTimeout(run, 0);

const report = (error: unknown) => {
  if (typeof globalThis.reportError === "function") globalThis.reportError(error);
  else console.error(error);
};

export interface TaskQueue {
  add(step: Step): void;
  /** Steps not run yet. */
  readonly pending: number;
}

export function createTaskQueue(schedule: Schedule = nextTask): TaskQueue {
  const steps: Step[] = [];
  let scheduled = false;
  const kick = () => {
    if (scheduled || steps.length === 0) return;
    scheduled = true;
    schedule(runOne);
  };
  function runOne() {
    scheduled = false;
    const step = steps.shift();
    try {
      step?.();
    } catch (error) {
      report(error);
    }
    kick();
  }
  return {
    add(step) {
      steps.push(step);
      kick();
    },
    get pending() {
      return steps.length;
    },
  };
}
