import type { MailMessage, Mailer } from "../../server/mail/mailer.js";

/** Keeps what would have been sent; `failing = true` makes every send throw like a dead SMTP server. */
export class CapturingMailer implements Mailer {
  readonly kind = "smtp" as const;
  readonly sent: MailMessage[] = [];
  failing = false;

  async send(message: MailMessage): Promise<void> {
    if (this.failing) throw new Error("SMTP connection refused");
    this.sent.push(message);
  }

  to(address: string): MailMessage[] {
    return this.sent.filter((message) => message.to === address);
  }
}
