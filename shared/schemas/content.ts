import * as z from "zod/mini";

/** A blog post as the blog's index lists it. */
export const postSummaryDto = z.object({ slug: z.string(), title: z.string(), date: z.string(), summary: z.string() });

/** An operator-written page (the blog's index, a post, or terms / privacy / risk), rendered to HTML on the server. */
export const contentPageDto = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("blog-index"), path: z.literal("/blog"), title: z.string(), description: z.string(), posts: z.array(postSummaryDto) }),
  z.object({ kind: z.literal("post"), path: z.string(), title: z.string(), description: z.string(), date: z.string(), html: z.string() }),
  z.object({ kind: z.literal("legal"), path: z.string(), title: z.string(), description: z.string(), html: z.string() }),
]);
