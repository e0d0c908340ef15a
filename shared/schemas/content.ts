import * as z from "zod/mini";

/** A blog post as the blog's index lists it. */
export const postSummaryDto = z.object({ slug: z.string(), title: z.string(), date: z.string(), summary: z.string() });

/**
 * An operator-written page: the blog's index, a post, a legal or explanatory page (terms, privacy,
 * risk, how returns work) with its version and last-changed date, or one of those the operator has
 * not written yet ("unwritten", with the sentence visitors read instead).
 */
export const contentPageDto = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("blog-index"), path: z.literal("/blog"), title: z.string(), description: z.string(), posts: z.array(postSummaryDto) }),
  z.object({ kind: z.literal("post"), path: z.string(), title: z.string(), description: z.string(), date: z.string(), html: z.string() }),
  z.object({
    kind: z.literal("legal"),
    path: z.string(),
    title: z.string(),
    description: z.string(),
    /** The operator's name for this text's version; stored with a sign-up's consent. */
    version: z.string(),
    /** Last changed, YYYY-MM-DD. */
    updated: z.string(),
    /** The text shipped with the software, not the operator's own (never served so in production): the page says so. */
    example: z.boolean(),
    html: z.string(),
  }),
  z.object({ kind: z.literal("unwritten"), path: z.string(), title: z.string(), description: z.string(), message: z.string() }),
]);
