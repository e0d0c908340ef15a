import type { MailMessage, Mailer } from "#server/mail/mailer.js";

/**
 * Keeps what would have been sent. `failing = true` makes every send throw like a dead SMTP
 * server; `stall()` makes sends hang like one that accepts connections and never answers, until
 * the returned function is called.
 */
export class CapturingMailer implements Mailer {
  readonly kind = "smtp" as const;
  readonly sent: MailMessage[] = [];
  failing = false;
  private stalled: Promise<void> | undefined;

  async send(message: MailMessage): Promise<void> {
    if (this.stalled) await this.stalled;
    if (this.failing) throw new Error("SMTP connection refused");
    this.sent.push(message);
  }

  stall(): () => void {
    let release = () => undefined as void;
    this.stalled = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.stalled = undefined;
      release();
    };
  }

  to(address: string): MailMessage[] {
    return this.sent.filter((message) => message.to === address);
  }

  /** Messages to `address` whose subject matches, e.g. /reset/i. */
  find(address: string, subject: RegExp): MailMessage[] {
    return this.to(address).filter((message) => subject.test(message.subject));
  }
}
