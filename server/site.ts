import type { SiteSettings } from "./env.js";
import type { PublicSite } from "#shared/site.js";

export function toPublicSite(site: SiteSettings): PublicSite {
  const social = Object.fromEntries(Object.entries(site.social).filter(([, url]) => url)) as PublicSite["social"];
  return { name: site.name, supportEmail: site.supportEmail, phone: site.phone, address: site.address, social, operator: { ...site.operator } };
}
