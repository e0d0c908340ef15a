import { Hono } from "hono";

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Pages worth indexing: the marketing and content pages, not the account forms. */
const UNLISTED = new Set(["/login", "/signup", "/check-email", "/forgot-password", "/reset-password"]);

export function seoRoutes(publicUrl: string, paths: () => string[]) {
  return new Hono()
    .get("/robots.txt", (c) =>
      c.text(`User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
    )
    .get("/sitemap.xml", (c) => {
      const urls = paths()
        .filter((path) => !UNLISTED.has(path))
        .sort()
        .map((path) => `  <url><loc>${escapeXml(publicUrl + (path === "/" ? "/" : path))}</loc></url>`)
        .join("\n");
      c.header("Content-Type", "application/xml; charset=utf-8");
      return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
    });
}
