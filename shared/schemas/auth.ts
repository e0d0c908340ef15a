import * as z from "zod/mini";
import { textField } from "./text.js";

/**
 * Shared by the forms and the server, so both give the same message for the same mistake.
 * Schemas in shared/ use zod/mini: the browser bundle pays a few KB for them instead of ~90.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const MESSAGES = {
  passwordsDoNotMatch: "Passwords do not match.",
  emailTaken: "This email is already registered",
  invalidEmail: "Invalid email format",
  badCredentials: "Incorrect email or password",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordTooCommon: "This password is too common. Please choose another.",
  passwordOnlySpaces: "A password cannot be only spaces.",
  passwordPersonal: "Your password must not contain your e-mail name or the site's name.",
  emailNotVerified: (email: string) => `Verify your e-mail address first. We sent a link to ${email}.`,
  verificationSent: "We sent you a new link. Check your inbox.",
  twoFactorRequired: "Administrators must turn on two-factor authentication in Settings first.",
  twoFactorCodeRequired: "Enter the 6-digit code from your authenticator app.",
  twoFactorCodeInvalid: "That code is not valid. Enter the current code from your authenticator app.",
  twoFactorCodeUsed: "That code was already used. Wait for the next one in your authenticator app.",
  secondFactorCodeRequired: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  secondFactorCodeInvalid: "That code is not valid. Enter the current code from your authenticator app, or an unused backup code.",
  twoFactorLocked: "Too many wrong codes. For your safety no code is accepted for 15 minutes; we have e-mailed you about it.",
  secondFactorSessionRequired: "The back office needs a session that passed your authenticator code. Sign out, then sign in again with your code.",
  resetSent: "Password reset email sent! Check your inbox.",
  resetFailed: "Failed to send password reset email",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  signInLocked: "Too many failed attempts. Please wait 15 minutes and try again.",
  unexpected: "An unexpected error occurred.",
  registrationFailed: "Registration failed. Please try again",
  termsRequired: "Accept the Terms of Service to open an account.",
  riskRequired: "Confirm you have read the Risk Disclosure to open an account.",
  consentRequired: "Accept the Terms of Service and the Risk Disclosure to open an account.",
} as const;

export const EMAIL_MAX = 254;

export const emailField = z
  .string()
  .check(z.trim(), z.minLength(1, "Email is required."), z.maxLength(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters.`), z.email(MESSAGES.invalidEmail));

export const passwordField = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, MESSAGES.passwordTooShort),
    z.maxLength(PASSWORD_MAX, MESSAGES.passwordTooLong),
    z.refine((value) => value.trim() !== "", MESSAGES.passwordOnlySpaces),
  );

/** A current TOTP code: six digits (spaces a user types between groups are dropped). */
export const twoFactorCodeField = z
  .string({ error: MESSAGES.twoFactorCodeRequired })
  .check(z.overwrite((value) => value.replace(/\s+/g, "")), z.regex(/^\d{6}$/, MESSAGES.twoFactorCodeRequired));

/**
 * A backup code as the owner may type it: lower case, without the spaces and dashes that group it.
 * New codes are 25 letters and digits (about 129 bits, enough to be stored as a plain SHA-256 hash,
 * ASVS 6.5.2); codes made before are 10 (docs/security.md, section 3).
 */
export function normalizeBackupCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, "");
}

const BACKUP_CODE = /^(?:[a-z0-9]{25}|[a-z0-9]{10})$/;

export const isBackupCode = (value: string) => BACKUP_CODE.test(normalizeBackupCode(value));

/**
 * What every way money leaves asks of an account with two-factor on: the current authenticator
 * code, or one of the backup codes (each works once). Spaces are dropped; a backup code keeps its
 * dashes until the server normalises it.
 */
export const secondFactorCodeField = z
  .string({ error: MESSAGES.secondFactorCodeRequired })
  .check(
    z.overwrite((value) => value.trim().replace(/\s+/g, "")),
    z.maxLength(64, MESSAGES.secondFactorCodeRequired),
    z.refine((value) => /^\d{6}$/.test(value) || isBackupCode(value), MESSAGES.secondFactorCodeRequired),
  );

export const NAME_MAX = 100;

/** The display name, wherever it is set: the sign-up and profile forms, and better-auth's sign-up and update-user. */
export const nameField = textField({ label: "Full name", min: 1, max: NAME_MAX });

/** Adds the "Passwords do not match." check between two fields of an object schema. */
export function matching<T extends Record<string, unknown>>(password: keyof T & string, confirm: keyof T & string) {
  return z.refine<T>((value) => value[password] === value[confirm], { path: [confirm], message: MESSAGES.passwordsDoNotMatch });
}

/**
 * Consent at sign-up: both boxes must be ticked. The server stores when, and which versions of the
 * two documents were published then (docs/product.md, "Trust and consent").
 */
const consentShape = {
  acceptTerms: z.literal(true, MESSAGES.termsRequired),
  acceptRisk: z.literal(true, MESSAGES.riskRequired),
};
export const signUpConsentSchema = z.object(consentShape);

export const signUpSchema = z
  .object({ name: nameField, email: emailField, password: passwordField, confirmPassword: z.string(), ...consentShape })
  .check(matching("password", "confirmPassword"));

export const signInSchema = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, "Password is required."), z.maxLength(PASSWORD_MAX, MESSAGES.badCredentials)),
  rememberMe: z.boolean(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .check(matching("password", "confirmPassword"));

export type SignUpInput = z.infer<typeof signUpSchema>;
/** The sign-up form's state: the boxes start unticked, which the schema refuses. */
export type SignUpForm = Omit<SignUpInput, "acceptTerms" | "acceptRisk"> & { acceptTerms: boolean; acceptRisk: boolean };
export type SignInInput = z.infer<typeof signInSchema>;

/** An account as the signed-in person and the back office see it. */
export const accountDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** Money moves only once the address is verified (the server answers EMAIL_NOT_VERIFIED until then). */
  emailVerified: z.boolean(),
  /** Admins reach the back office only with this on (TWO_FACTOR_REQUIRED otherwise). */
  twoFactorEnabled: z.boolean(),
});

export type AccountDto = z.infer<typeof accountDto>;

/** Who is signed in, as `GET /api/session` answers: null when no one is. */
export const currentSessionDto = z.nullable(
  z.object({
    user: accountDto,
    session: z.object({
      id: z.string(),
      /** The second factor the sign-in that made this session passed; null for the password alone. */
      secondFactor: z.nullable(z.enum(["totp", "backup_code", "trusted_device"])),
      /** Whether this session opens the back office (an admin's, made with a code within 12 hours). */
      backOffice: z.boolean(),
    }),
  }),
);
export type CurrentSessionDto = z.infer<typeof currentSessionDto>;

/**
 * The field every way money leaves carries (a payout, a transfer, paying a money request): required
 * when the account has two-factor authentication on, the current authenticator code or a backup code.
 */
export const secondFactorFields = { twoFactorCode: z.optional(secondFactorCodeField) };
