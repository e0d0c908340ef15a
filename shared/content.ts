import type * as z from "zod/mini";
import type { contentPageDto, postSummaryDto } from "./schemas/content.js";

/** Operator-written Markdown pages (blog posts, terms, privacy, risk); declared once, in shared/schemas/content.ts. */
export type PostSummary = z.infer<typeof postSummaryDto>;
export type ContentPage = z.infer<typeof contentPageDto>;

export const LEGAL_PAGES = [
  { slug: "terms", label: "Terms of Service" },
  { slug: "privacy", label: "Privacy Policy" },
  { slug: "risk", label: "Risk Disclosure" },
] as const;
