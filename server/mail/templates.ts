import type { OutgoingMessage } from "../services/mail/enqueue-mail.js";

/*
 * The account mails better-auth asks us to send. Plain text only: a user's name is their own
 * words and never becomes markup. The site's name is added to each subject when it is sent.
 */

const greeting = (name: string) => (name ? `Hello ${name},` : "Hello,");

export function passwordResetMail(input: { siteName: string; name: string; to: string; url: string }): OutgoingMessage {
  const text = [
    greeting(input.name),
    "",
    `Someone asked to reset the password of your ${input.siteName} account.`,
    "Open this link within one hour to choose a new password:",
    input.url,
    "",
    "If it was not you, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  return { kind: "password-reset", to: input.to, subject: "Reset your password", text };
}

export function verifyEmailMail(input: { siteName: string; name: string; to: string; url: string }): OutgoingMessage {
  const text = [
    greeting(input.name),
    "",
    `Please confirm that this is your e-mail address by opening this link within 24 hours:`,
    input.url,
    "",
    `Until you do, your ${input.siteName} account can look around but cannot move money.`,
    "If you did not sign up, ignore this e-mail.",
  ].join("\n");
  return { kind: "verify-email", to: input.to, subject: "Confirm your e-mail address", text };
}

export function existingAccountMail(input: { siteName: string; name: string; to: string; publicUrl: string }): OutgoingMessage {
  const text = [
    greeting(input.name),
    "",
    `Someone tried to sign up for ${input.siteName} with this e-mail address, which already has an account.`,
    "If it was you, log in instead; if you forgot your password, reset it here:",
    `${input.publicUrl}/forgot-password`,
    "",
    "If it was not you, you need not do anything: nobody can use your address to make a second account.",
  ].join("\n");
  return { kind: "existing-account-sign-up", to: input.to, subject: "Someone tried to sign up with your address", text };
}

export function passwordChangedMail(input: { name: string; to: string; publicUrl: string; how: "reset" | "change" }): OutgoingMessage {
  const text = [
    greeting(input.name),
    "",
    `The password of your account was ${input.how === "reset" ? "reset" : "changed"} just now, and every other session was signed out.`,
    "",
    "If this was not you, reset your password at once and write to support:",
    `${input.publicUrl}/forgot-password`,
  ].join("\n");
  return { kind: "password-changed", to: input.to, subject: "Your password was changed", text };
}

/** What changed about how the account signs in; each is mailed to the owner (ASVS: notify on changes). */
export type SecurityChange = "two-factor-on" | "two-factor-off" | "backup-codes" | "two-factor-locked";

const CHANGE_TEXT: Record<SecurityChange, { subject: string; line: string }> = {
  "two-factor-on": { subject: "Two-factor authentication is on", line: "Two-factor authentication was turned on for your account." },
  "two-factor-off": { subject: "Two-factor authentication is off", line: "Two-factor authentication was turned off for your account." },
  "backup-codes": { subject: "New backup codes", line: "New two-factor backup codes were made for your account; the old ones no longer work." },
  "two-factor-locked": {
    subject: "Wrong two-factor codes on your account",
    line: "Ten wrong two-factor codes in a row were entered for your account, so for the next 15 minutes no code is accepted. Someone may know your password or hold one of your sessions.",
  },
};

export function securityChangeMail(input: { name: string; to: string; publicUrl: string; change: SecurityChange }): OutgoingMessage {
  const { subject, line } = CHANGE_TEXT[input.change];
  const text = [greeting(input.name), "", line, "", "If this was not you, reset your password at once and write to support:", `${input.publicUrl}/forgot-password`].join("\n");
  return { kind: `security-${input.change}`, to: input.to, subject, text };
}
