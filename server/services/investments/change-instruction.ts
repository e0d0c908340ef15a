import { and, eq } from "drizzle-orm";
import { MATURITY_INSTRUCTION_WORDS, type InvestmentDto, type UpdateInvestmentInput } from "#shared/schemas/investments.js";
import type { DbExecutor } from "#server/db/client.js";
import { investment } from "#server/db/schema.js";
import { AppError } from "#server/errors.js";
import { instructionChangeableUntil, toInvestmentDto } from "./investment-dto.js";

/**
 * Changes what happens at maturity, until a day before it. The row is locked, so a change racing
 * settlement either lands first (and settlement follows it) or finds the investment settled.
 */
export async function changeInstruction(tx: DbExecutor, userId: string, id: string, input: UpdateInvestmentInput, now: Date): Promise<InvestmentDto> {
  const [row] = await tx
    .select()
    .from(investment)
    .where(and(eq(investment.id, id), eq(investment.userId, userId)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", "Investment not found.");
  const until = instructionChangeableUntil(row);
  if (!until) throw new AppError("CONFLICT", "This investment is settled; its instruction can no longer change.");
  if (now >= until) {
    throw new AppError(
      "CONFLICT",
      `The instruction can be changed until 24 hours before maturity; this investment will ${MATURITY_INSTRUCTION_WORDS[row.maturityInstruction as keyof typeof MATURITY_INSTRUCTION_WORDS].label.toLowerCase()}.`,
    );
  }
  const [updated] = await tx.update(investment).set({ maturityInstruction: input.maturityInstruction }).where(eq(investment.id, id)).returning();
  if (!updated) throw new Error("investment update returned nothing");
  return toInvestmentDto(updated, now);
}
