import * as z from "zod/mini";
import { matching, nameField, passwordField } from "./auth.js";

export const profileSchema = z.object({ name: nameField });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, "Enter your current password.")),
    newPassword: passwordField,
    confirmPassword: z.string(),
  })
  .check(matching("newPassword", "confirmPassword"));

export type ProfileInput = z.infer<typeof profileSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
