import { enhanceSiteMenu } from "./components/layout/enhance-site-menu.js";
import { enhanceCalculator } from "./features/calculator/enhance-calculator.js";
import { enhanceRecentDeposits } from "./features/deposits/enhance-recent-deposits.js";
import { enhanceReferral } from "./features/referrals/enhance-referral.js";
import { enhanceLiveFigures } from "./features/stats/enhance-live-figures.js";
import { markHydrated, readBootstrap } from "./lib/embedded.js";
import { enhanceSessionParts } from "./lib/session-parts.js";

/*
 * The script of every pre-rendered public page (decision 0064). The page is HTML; this adds the
 * little behaviour it has without React: the menu, who is signed in, the calculator and the home
 * page's live parts. A page with a form (an "island", web/islands) loads React for that form only.
 */
enhanceSiteMenu();
enhanceSessionParts();
const part = (selector: string) => document.querySelector<HTMLElement>(selector);
const calculator = part("[data-calculator]");
if (calculator) enhanceCalculator(calculator, readBootstrap().plans);
const figures = part("[data-live-figures]");
if (figures) void enhanceLiveFigures(figures);
const deposits = part("[data-recent-deposits]");
if (deposits) void enhanceRecentDeposits(deposits);
const referral = part("[data-referral]");
if (referral) enhanceReferral(referral);

const island = part("[data-island]");
if (island) {
  import("./islands/hydrate-island.js")
    .then(({ hydrateIsland }) => hydrateIsland(island))
    .catch((error: unknown) => console.error("Could not load this page's form", error));
} else {
  markHydrated();
}
