import { readFileSync } from "node:fs";
import path from "node:path";
import { rootDir } from "../paths.js";
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "../../shared/schemas/auth.js";

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

/** Returns the message to show, or null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  if (commonPasswords().has(password.toLowerCase())) return MESSAGES.passwordTooCommon;
  return null;
}
