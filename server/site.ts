import type { DbExecutor } from "./db/client.js";
import type { SiteSettings } from "./env.js";
import { listActivePlans } from "./services/plans/list-active-plans.js";
import type { Bootstrap, PublicSite } from "#shared/site.js";

export function toPublicSite(site: SiteSettings): PublicSite {
  const social = Object.fromEntries(Object.entries(site.social).filter(([, url]) => url)) as PublicSite["social"];
  return {
    name: site.name,
    supportEmail: site.supportEmail,
    phone: site.phone,
    address: site.address,
    contactsExample: site.contactsExample,
    social,
    operator: { ...site.operator },
    payouts: { ...site.payouts },
  };
}

/** What every page is rendered with: the operator's public settings and the plans open now. */
export async function readBootstrap(site: SiteSettings, db: DbExecutor): Promise<Bootstrap> {
  return { site: toPublicSite(site), plans: await listActivePlans(db) };
}
