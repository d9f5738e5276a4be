import { describe, expect, it, vi } from "vitest";
import { createTaskQueue, type Step } from "../../../src/browser/task-queue";

/** A scheduler the test drives by hand: each call to tick() is one macrotask. */
function manual() {
  const tasks: Step[] = [];
  return {
    schedule: (run: Step) => void tasks.push(run),
    tick: () => tasks.shift()?.(),
    get queued() {
      return tasks.length;
    },
  };
}

describe("task queue", () => {
  it("runs one step per task, in the order they were added, steps added by steps included", () => {
    const clock = manual();
    const queue = createTaskQueue(clock.schedule);
    const ran: string[] = [];
    queue.add(() => ran.push("a"));
    queue.add(() => {
      ran.push("b");
      queue.add(() => ran.push("d"));
    });
    queue.add(() => ran.push("c"));
    expect(ran).toEqual([]);
    expect(clock.queued).toBe(1); // one task at a time is scheduled, not one per step
    clock.tick();
    expect(ran).toEqual(["a"]);
    clock.tick();
    expect(ran).toEqual(["a", "b"]);
    clock.tick();
    clock.tick();
    expect(ran).toEqual(["a", "b", "c", "d"]);
    expect(queue.pending).toBe(0);
    expect(clock.queued).toBe(0);
  });

  it("reports a step that throws and still runs the ones after it", () => {
    const clock = manual();
    const queue = createTaskQueue(clock.schedule);
    const reported = vi.fn();
    vi.stubGlobal("reportError", reported);
    const ran: string[] = [];
    queue.add(() => {
      throw new Error("broken step");
    });
    queue.add(() => ran.push("after"));
    clock.tick();
    clock.tick();
    expect(reported).toHaveBeenCalledWith(new Error("broken step"));
    expect(ran).toEqual(["after"]);
    vi.unstubAllGlobals();
  });

  it("uses real macrotasks by default: nothing runs in the caller's task", async () => {
    const queue = createTaskQueue();
    const ran: string[] = [];
    queue.add(() => ran.push("step"));
    await Promise.resolve();
    expect(ran).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toEqual(["step"]);
  });
});
