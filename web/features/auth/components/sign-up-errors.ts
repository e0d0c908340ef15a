import { MESSAGES, type SignUpForm } from "#shared/schemas/auth.js";
import { ApiError } from "#web/lib/api.js";
import { authErrorMessage } from "#web/lib/auth-messages.js";
import type { FieldErrors } from "#web/lib/form.js";

const FORM_FIELDS = new Set<string>(["name", "email", "password", "confirmPassword", "acceptTerms", "acceptRisk"]);

/**
 * A refused sign-up, split the way the form shows it: each sentence the server tied to an input goes
 * under that input; only what belongs to no input (a rate limit, a lost connection) goes on top.
 */
export function signUpFailure(error: unknown): { fields: FieldErrors<SignUpForm>; message: string | null } {
  const fields: FieldErrors<SignUpForm> = {};
  if (error instanceof ApiError) {
    for (const [key, text] of Object.entries(error.fields ?? {})) if (FORM_FIELDS.has(key)) fields[key as keyof SignUpForm] = text;
    // better-auth's own checks name no field; their words say which (e.g. "[body.email] Invalid email").
    if (Object.keys(fields).length === 0 && error.code === "VALIDATION_ERROR" && /email/i.test(error.message)) fields.email = MESSAGES.invalidEmail;
    if (Object.keys(fields).length === 0 && (error.code === "PASSWORD_TOO_SHORT" || error.code === "PASSWORD_TOO_LONG")) fields.password = authErrorMessage(error);
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : authErrorMessage(error, MESSAGES.registrationFailed) };
}
