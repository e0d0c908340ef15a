import { z } from "zod";
import { MESSAGES, passwordField } from "./auth.js";

export const profileSchema = z.object({
  name: z.string().trim().min(1, "Full name is required.").max(100, "Full name must be at most 100 characters."),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: passwordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });

export type ProfileInput = z.infer<typeof profileSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
