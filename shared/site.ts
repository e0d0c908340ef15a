import type { PlanDto } from "./plans.js";

export type SocialNetwork = "facebook" | "instagram" | "linkedin" | "twitter";

/** Operator settings the public pages show; sent to the browser, so nothing secret belongs here. */
export interface PublicSite {
  name: string;
  supportEmail: string;
  phone: string;
  address: string;
  social: Partial<Record<SocialNetwork, string>>;
}

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
