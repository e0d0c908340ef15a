import type { MailMessage } from "./mailer.js";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function passwordResetMail(input: { siteName: string; name: string; to: string; url: string }): MailMessage {
  const greeting = input.name ? `Hello ${input.name},` : "Hello,";
  const text = [
    greeting,
    "",
    `Someone asked to reset the password of your ${input.siteName} account.`,
    "Open this link within one hour to choose a new password:",
    input.url,
    "",
    "If it was not you, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const html = `<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your ${escapeHtml(input.siteName)} account.
Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(input.url)}">Reset your password</a></p>
<p>If it was not you, ignore this e-mail: your password stays as it is.</p>`;
  return { to: input.to, subject: `Reset your ${input.siteName} password`, text, html };
}
