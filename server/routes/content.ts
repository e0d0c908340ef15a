import * as z from "zod/mini";
import type { ContentPage } from "#shared/content.js";
import { contentPageDto } from "#shared/schemas/content.js";
import type { AppDeps } from "../app-deps.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { normalizePath } from "../http/pages.js";

const contentQuery = z.object({ path: z.optional(z.string()) });

/** The same content pages as JSON, for visitors who reach one by navigating inside the app. */
export function contentRoutes(deps: Pick<AppDeps, "auth" | "database" | "config">, pages: Map<string, ContentPage>) {
  return new ApiRouter("/api/content", deps).on(
    { method: "get", path: "/", summary: "A blog or legal page by path", auth: "none", query: contentQuery, response: contentPageDto },
    (c, { query }) => {
      const page = pages.get(normalizePath(query.path ?? ""));
      if (!page) throw new AppError("NOT_FOUND", "No such page.");
      return c.json(page);
    },
  );
}
