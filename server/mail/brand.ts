import type { MailMessage } from "./mailer.js";

export interface MailSite {
  name: string;
  publicUrl: string;
}

/**
 * The one place every e-mail gets the site's name and address: the subject ends with the name,
 * a link path becomes an absolute URL, and the text is signed. Stored messages hold only their
 * own words, so a renamed site or a moved domain applies to mail still waiting to be sent.
 */
export function brandMail(site: MailSite, message: { to: string; subject: string; text: string; link: string | null }): MailMessage {
  const link = message.link ? `\n\n${site.publicUrl}${message.link}` : "";
  return { to: message.to, subject: `${message.subject} · ${site.name}`, text: `${message.text}${link}\n\n${site.name}` };
}
