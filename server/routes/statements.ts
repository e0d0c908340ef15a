import { monthlyStatementParams, statementPeriodsDto, yearlyStatementParams } from "#shared/schemas/statements.js";
import type { AppDeps } from "../app-deps.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { pdfResponse } from "../http/pdf-response.js";
import { consumeRateLimit } from "../services/rate-limit/consume-rate-limit.js";
import { listStatementPeriods } from "../services/statements/list-statement-periods.js";
import { readStatement } from "../services/statements/read-statement.js";
import { renderStatementPdf } from "../services/statements/render-statement-pdf.js";
import { monthPeriod, yearPeriod, type StatementPeriod } from "../services/statements/statement-period.js";

/** Statements a person downloads in a burst (a year's months, say) before the limit answers 429. */
export const STATEMENT_LIMIT = { max: 30, windowSeconds: 10 * 60 };

const PDF = { contentType: "application/pdf", description: "The statement as a PDF file (Content-Disposition: attachment)" };

/**
 * The caller's statements (docs/product.md, "Statements"): which periods exist, and each one as a
 * PDF. There is no user in any path: a statement is always the signed-in caller's own.
 */
export function statementRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;

  /** Reads the whole period from the ledger and draws every page: bounded per user, like the CSV. */
  const statementPdf = async (userId: string, period: StatementPeriod): Promise<Uint8Array> => {
    if (config.rateLimit) {
      const limit = await consumeRateLimit(database.db, { key: `statement:${userId}`, ...STATEMENT_LIMIT });
      if (!limit.allowed) throw new AppError("RATE_LIMITED", "You downloaded several statements just now. Please try again in a few minutes.", undefined, limit.retryAfterSeconds);
    }
    const now = clock.now();
    // A complete period, ready from 00:15 UTC after it ends: a replica seconds behind has all of it.
    const statement = await readStatement(database.replica, userId, period, now);
    return renderStatementPdf(statement, { siteName: config.site.name, operator: config.site.operator }, now);
  };

  return new ApiRouter("/api/statements", deps)
    .on(
      {
        method: "get",
        path: "/",
        summary: "The caller's statements: every complete UTC month and year since the account opened, newest first",
        auth: "user",
        response: statementPeriodsDto,
      },
      async (c) => c.json(await listStatementPeriods(database.db, c.get("user").id, clock.now())),
    )
    .on(
      {
        method: "get",
        path: "/monthly/:month",
        summary: "The caller's account statement for a complete UTC month, as a PDF (400 for a month not over yet or before the account)",
        auth: "user",
        params: monthlyStatementParams,
        file: PDF,
      },
      async (c, { params }) => pdfResponse(c, `termvest-statement-${params.month}.pdf`, await statementPdf(c.get("user").id, monthPeriod(params.month))),
    )
    .on(
      {
        method: "get",
        path: "/yearly/:year",
        summary: "The caller's interest statement for a complete UTC year, as a PDF (400 for a year not over yet or before the account)",
        auth: "user",
        params: yearlyStatementParams,
        file: PDF,
      },
      async (c, { params }) => pdfResponse(c, `termvest-interest-statement-${params.year}.pdf`, await statementPdf(c.get("user").id, yearPeriod(params.year))),
    );
}
