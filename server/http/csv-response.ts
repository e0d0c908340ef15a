import type { Context } from "hono";
import { toCsv, type CsvColumn } from "../services/admin-lists/csv.js";

/** A CSV file as a download: never cached (it holds account data), named for what it holds. */
export function csvResponse(c: Context, fileName: string, body: string): Response {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${fileName}"`);
  c.header("Cache-Control", "no-store");
  return c.body(body);
}

/** A back-office list's answer: its page as JSON, or with `format=csv` every match as a file. */
export function listResponse<T>(c: Context, format: "json" | "csv" | undefined, list: { items: T[] }, csv: { fileName: string; columns: readonly CsvColumn<T>[] }): Response {
  return format === "csv" ? csvResponse(c, csv.fileName, toCsv(csv.columns, list.items)) : c.json(list);
}
