/**
 * Watches one function request of the local server (docs/local-server.md "Limits"): its body must keep the
 * pace (BODY_PACE) while it is read, its reader the same pace once the answer has started, and the whole
 * request must end by its route's deadline. The server decides what to do with each verdict.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { paceMeter, type BodyPace } from "./client-limits";

export interface PaceVerdicts {
  /** The body fell behind: `received` bytes `elapsedMs` after it was asked for. */
  slowBody(received: number, elapsedMs: number): void;
  /** The reader fell behind: it took `taken` bytes of the answer in `elapsedMs`. */
  slowReader(taken: number, elapsedMs: number): void;
  /** The deadline passed with the body still arriving (`body`) or the answer still being taken. */
  deadline(body: boolean): void;
}

const declared = (value: unknown) => (Number(value) > 0 ? Number(value) : Infinity);

export function watchPace(
  raw: IncomingMessage,
  response: ServerResponse,
  { pace, deadlineMs, hasBody }: { pace: BodyPace; deadlineMs: number; hasBody: boolean },
  verdicts: PaceVerdicts,
) {
  const socket = raw.socket;
  const startedAt = Date.now();
  const readBefore = socket.bytesRead;
  const body = hasBody ? paceMeter(pace, startedAt, declared(raw.headers["content-length"])) : null;
  let answer: { meter: ReturnType<typeof paceMeter>; at: number; before: number } | null = null;
  const taken = () => socket.bytesWritten - socket.writableLength;
  const stop = () => {
    clearInterval(timer);
    clearTimeout(deadline);
  };
  const timer = setInterval(
    () => {
      if (socket.destroyed || response.writableFinished) return stop();
      const now = Date.now();
      if (body && !raw.complete) {
        const received = socket.bytesRead - readBefore;
        if (body.keeps(received, now)) return;
        stop();
        return verdicts.slowBody(received, now - startedAt);
      }
      if (!response.headersSent) return; // the function is still working: not the client's doing
      answer ??= { meter: paceMeter(pace, now, declared(response.getHeader("content-length"))), at: now, before: taken() };
      if (answer.meter.keeps(taken() - answer.before, now)) return;
      stop();
      verdicts.slowReader(taken() - answer.before, now - answer.at);
    },
    Math.min(1000, Math.max(50, pace.graceMs / 4)),
  ).unref();
  const deadline = setTimeout(() => {
    stop();
    if (hasBody && !raw.complete) verdicts.deadline(true);
    else if (response.headersSent && !response.writableFinished) verdicts.deadline(false);
  }, deadlineMs).unref();
  response.once("close", stop);
}
