/**
 * The verdicts of watchPace (scripts/lib/request-pace.ts, docs/local-server.md "Limits") on a stand-in request:
 * a body behind the pace, a reader behind it once the answer has started, and the deadline. Timers are faked.
 */
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { watchPace } from "../../../scripts/lib/request-pace";

const pace = { bytesPerSecond: 1000, graceMs: 1000, windowMs: 1000 };

function fakes(contentLength?: number) {
  const socket = { bytesRead: 0, bytesWritten: 0, writableLength: 0, destroyed: false };
  const raw = { socket, complete: false, headers: contentLength ? { "content-length": String(contentLength) } : {} };
  const response = Object.assign(new EventEmitter(), { headersSent: false, writableFinished: false, getHeader: () => undefined });
  const verdicts = { slowBody: vi.fn(), slowReader: vi.fn(), deadline: vi.fn() };
  return { socket, raw, response, verdicts };
}
const watch = (f: ReturnType<typeof fakes>, hasBody: boolean, deadlineMs = 60_000) =>
  watchPace(f.raw as unknown as IncomingMessage, f.response as unknown as ServerResponse, { pace, deadlineMs, hasBody }, f.verdicts);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("watchPace", () => {
  it("a body that keeps the pace is left alone; one that stops is cut once a window brings too little", () => {
    const f = fakes(100_000);
    watch(f, true);
    for (let s = 0; s < 5; s++) {
      f.socket.bytesRead += 1000;
      vi.advanceTimersByTime(1000);
    }
    expect(f.verdicts.slowBody).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(f.verdicts.slowBody).toHaveBeenCalledOnce();
    expect(f.verdicts.slowBody.mock.calls[0][0]).toBe(5000);
  });

  it("while the function works nothing is asked; once the answer has started, a reader that takes nothing is dropped", () => {
    const f = fakes();
    watch(f, false);
    vi.advanceTimersByTime(10_000);
    expect(f.verdicts.slowReader).not.toHaveBeenCalled();
    f.response.headersSent = true;
    f.socket.bytesWritten = 64 * 1024;
    vi.advanceTimersByTime(3000);
    expect(f.verdicts.slowReader).toHaveBeenCalledOnce();
    expect(f.verdicts.slowBody).not.toHaveBeenCalled();
  });

  it("the deadline cuts a body still arriving at pace; an answer finished in time stops the watch", () => {
    const arriving = fakes(1_000_000);
    watch(arriving, true, 5000);
    const timer = setInterval(() => (arriving.socket.bytesRead += 500), 250);
    vi.advanceTimersByTime(5000);
    clearInterval(timer);
    expect(arriving.verdicts.slowBody).not.toHaveBeenCalled();
    expect(arriving.verdicts.deadline).toHaveBeenCalledWith(true);

    const done = fakes();
    watch(done, false, 5000);
    done.response.writableFinished = true;
    done.response.emit("close");
    vi.advanceTimersByTime(10_000);
    expect(done.verdicts.deadline).not.toHaveBeenCalled();
    expect(done.verdicts.slowReader).not.toHaveBeenCalled();
  });
});
