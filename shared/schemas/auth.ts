import { z } from "zod";

/** Shared by the forms and the server, so both give the same message for the same mistake. */
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
  resetSent: "Password reset email sent! Check your inbox.",
  resetFailed: "Failed to send password reset email",
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  unexpected: "An unexpected error occurred.",
  registrationFailed: "Registration failed. Please try again",
} as const;

export const emailField = z.string().trim().min(1, "Email is required.").pipe(z.email(MESSAGES.invalidEmail));

export const passwordField = z
  .string()
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong);

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, "Full name is required.").max(100, "Full name must be at most 100 characters."),
    email: emailField,
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });

export const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Password is required.").max(PASSWORD_MAX, MESSAGES.badCredentials),
  rememberMe: z.boolean(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });

export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
