import { readFileSync } from "node:fs";
import path from "node:path";
import { rootDir } from "../paths.js";
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "#shared/schemas/auth.js";

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const file = path.join(rootDir, "server/auth/common-passwords.txt");
    common = new Set(
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line && !line.startsWith("#")),
    );
  }
  return common;
}

/** What a guesser would try first for this person: their address's name and our site's name. */
export interface PasswordContext {
  email?: string;
  siteName: string;
}

/** Shorter than this, a whole e-mail name is too common inside passwords to refuse ("al", "jo"). */
const PERSONAL_MIN = 3;
/** Parts of a name ("ngozi" of "ngozi.okafor85") must be a little longer to count. */
const PART_MIN = 4;

function personalWords(context: PasswordContext): string[] {
  const local = (context.email?.split("@")[0] ?? "").toLowerCase().trim();
  const parts = local.split(/[^\p{L}]+/u).filter((part) => part.length >= PART_MIN);
  return [local, ...parts, context.siteName.toLowerCase().trim()].filter((word) => word.length >= PERSONAL_MIN);
}

/** Returns the message to show, or null when the password is acceptable. */
export function passwordProblem(password: string, context: PasswordContext): string | null {
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  if (password.trim() === "") return MESSAGES.passwordOnlySpaces;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return MESSAGES.passwordTooCommon;
  if (personalWords(context).some((word) => lower.includes(word))) return MESSAGES.passwordPersonal;
  return null;
}
