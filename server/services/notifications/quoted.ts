/**
 * Another user's words (their name, their note) inside a sentence of ours, in the bell and in the
 * e-mail copy: on one line and in quotation marks they cannot close early, so a name or note cannot
 * end the quotation or start a line that reads like the platform's own text.
 */
export function quoted(text: string): string {
  return `“${text.replace(/\s+/g, " ").replace(/[“”]/g, '"').trim()}”`;
}

/** " Their note, in their own words: “…”", or nothing without a note. */
export function theirNote(note: string | null | undefined): string {
  return note ? ` Their note, in their own words: ${quoted(note)}` : "";
}
