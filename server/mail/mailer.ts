import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // Timeouts well inside the outgoing mail lease (services/mail/deliver-due-mail.ts), so a stalled
  // server fails the attempt instead of letting another server send the same message meanwhile.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Without SMTP, mail is written to files so a developer can read it at /dev/mail. */
export function createOutboxMailer(directory: string, from: string): Mailer {
  // Made once, not before every message; made again if someone removed it meanwhile.
  let made: Promise<unknown> | undefined;
  const write = (file: string, text: string) => writeFile(file, text, { mode: 0o600 });
  return {
    kind: "outbox",
    async send(message) {
      await (made ??= mkdir(directory, { recursive: true, mode: 0o700 }));
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
      const stored: StoredMail = { id, from, sentAt, ...message };
      const file = path.join(directory, `${id}.json`);
      const text = JSON.stringify(stored, null, 2);
      await write(file, text).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
        await (made = mkdir(directory, { recursive: true, mode: 0o700 }));
        await write(file, text);
      });
    },
  };
}

/** Newest first. */
export async function readOutbox(directory: string, limit = 50): Promise<StoredMail[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const newest = names.filter((name) => name.endsWith(".json")).sort().reverse().slice(0, limit);
  return Promise.all(newest.map(async (name) => JSON.parse(await readFile(path.join(directory, name), "utf8")) as StoredMail));
}

export function outboxDirectory(dataDir: string): string {
  return path.join(dataDir, "outbox");
}
