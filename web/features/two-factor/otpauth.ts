/** The key an authenticator app asks for when the QR code cannot be scanned: the URI's base32 `secret`. */
export function secretOf(totpURI: string): string | null {
  try {
    return new URL(totpURI).searchParams.get("secret");
  } catch {
    return null;
  }
}

/** The key in groups of four, as apps print it; apps ignore the spaces when it is typed. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The text of the downloaded backup-code file: where the codes are for, when made, one per line. */
export function backupCodesFile(input: { siteName: string; email: string; codes: string[]; madeAt: Date }): string {
  return [
    `${input.siteName} backup codes for ${input.email}`,
    `Made on ${input.madeAt.toISOString().slice(0, 10)}. Each code signs you in once, instead of the authenticator app.`,
    "Keep them somewhere safe and private. Making new codes in Settings ends these.",
    "",
    ...input.codes,
    "",
  ].join("\n");
}
