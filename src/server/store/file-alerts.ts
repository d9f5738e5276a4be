/** The file store's alert memory: refusals told of (refused.jsonl) and LEADS_DIR/alert-state.json under the lock file `alert`. */
import path from "node:path";
import { withLock } from "../outbox";
import { markRefusalsAlerted, unalertedRefusals } from "./file-refused";
import { readJsonFile, writeJsonWhole } from "./jsonl";
import { NO_ALERT } from "./rules";
import type { AlertState, AlertStore } from "./types";

export class FileAlerts implements AlertStore {
  constructor(private readonly dir: string) {}

  async unalertedRefusals() {
    return unalertedRefusals(this.dir);
  }

  async markRefusalsAlerted(ids: readonly string[]) {
    markRefusalsAlerted(this.dir, ids);
  }

  async withAlertState<T>(fn: (state: AlertState) => Promise<{ next?: AlertState; result: T }>): Promise<T | null> {
    const file = path.join(this.dir, "alert-state.json");
    return withLock(this.dir, "alert", async () => {
      // none yet, or unreadable: as if no alert was ever sent
      const state = { ...NO_ALERT, ...readJsonFile<Partial<AlertState>>(file) };
      const { next, result } = await fn(state);
      if (next) writeJsonWhole(file, next);
      return result;
    });
  }
}
