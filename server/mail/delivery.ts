import type { Clock } from "../clock.js";
import { deliverDueMail, type DeliveryDeps } from "../services/mail/deliver-due-mail.js";

export interface MailDelivery {
  /** Something was queued: look now instead of at the next poll. */
  kick(): void;
  /** Finishes the pass in flight, then stops. */
  stop(): Promise<void>;
}

/** How often queued mail is looked for when nothing kicks: retries and other servers' mail. */
const POLL_MS = 5_000;
const BATCH = 20;

/**
 * One loop per server that sends queued mail (services/mail/deliver-due-mail.ts). The loop is a
 * single promise that handles its own errors and is awaited on stop, so a failing database or
 * mail server is logged and retried, never an unhandled rejection. Several servers may run it at
 * once: claims skip rows another server holds.
 */
export function startMailDelivery(deps: DeliveryDeps & { clock: Clock; pollMs?: number }): MailDelivery {
  let stopped = false;
  let kicked = false;
  let wake: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const loop = (async () => {
    while (!stopped) {
      kicked = false;
      let full = false;
      try {
        const run = await deliverDueMail(deps, deps.clock.now(), BATCH);
        full = run.sent + run.failed + run.dead === BATCH;
      } catch (error) {
        deps.logger.error({ err: error }, "mail delivery pass failed");
      }
      // A full batch may have left more behind; a kick during the pass may have queued more.
      if (!full && !kicked && !stopped) await sleep(deps.pollMs ?? POLL_MS);
    }
  })();

  return {
    kick() {
      kicked = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
