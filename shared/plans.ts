import type * as z from "zod/mini";
import type { planDto } from "./schemas/plans.js";

/** The plans Termvest starts with (docs/product.md, "Plans"); afterwards they are operator data in the database. */
export interface PlanTerms {
  id: string;
  name: string;
  minimumCents: bigint;
  rateBasisPoints: number;
  termDays: number;
  features: [string, string];
}

export const SEED_PLANS: readonly PlanTerms[] = [
  { id: "standard", name: "Standard", minimumCents: 100_000n, rateBasisPoints: 1_000, termDays: 14, features: ["Capital returned at maturity", "Profit credited automatically"] },
  { id: "advanced", name: "Advanced", minimumCents: 200_000n, rateBasisPoints: 1_200, termDays: 20, features: ["Capital returned at maturity", "Profit credited automatically"] },
  { id: "premium", name: "Premium", minimumCents: 500_000n, rateBasisPoints: 1_500, termDays: 30, features: ["Capital returned at maturity", "Priority support"] },
  { id: "elite", name: "Elite", minimumCents: 1_000_000n, rateBasisPoints: 1_800, termDays: 40, features: ["Capital returned at maturity", "Priority support"] },
  { id: "pro", name: "Pro", minimumCents: 2_000_000n, rateBasisPoints: 2_000, termDays: 45, features: ["Capital returned at maturity", "Dedicated account manager"] },
];

/** What the API sends for a plan (declared once, as a schema, in shared/schemas/plans.ts). */
export type PlanDto = z.infer<typeof planDto>;
