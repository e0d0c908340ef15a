import { Writable } from "node:stream";
import { createLogger } from "#server/logger.js";

/** A logger at level info whose lines the test reads, as the server would write them. */
export function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", sink), lines };
}
