import { Hono } from "hono";
import type { ContentPage } from "#shared/content.js";
import { AppError } from "../errors.js";
import { normalizePath } from "../http/pages.js";

/** The same content pages as JSON, for visitors who reach one by navigating inside the app. */
export function contentRoutes(pages: Map<string, ContentPage>) {
  return new Hono().get("/", (c) => {
    const page = pages.get(normalizePath(c.req.query("path") ?? ""));
    if (!page) throw new AppError("NOT_FOUND", "No such page.");
    return c.json(page);
  });
}
