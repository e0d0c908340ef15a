import type * as z from "zod/mini";
import type { publicSiteDto, SOCIAL_NETWORKS } from "./schemas/public.js";
import type { PlanDto } from "./plans.js";

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Operator settings the public pages show (declared once, in shared/schemas/public.ts). */
export type PublicSite = z.infer<typeof publicSiteDto>;

/** Embedded in every HTML page so the first render (server and browser) uses the same data. */
export interface Bootstrap {
  site: PublicSite;
  plans: PlanDto[];
}

export interface RenderResult {
  html: string;
  status: number;
  title: string;
  description: string;
}
