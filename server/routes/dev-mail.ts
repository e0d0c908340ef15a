import { Hono } from "hono";
import { readOutbox } from "../mail/mailer.js";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Links in plain-text mail become clickable so a reset link can be followed locally. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The development outbox: mail that would have been sent, newest first. Mounted only with DEV_MAIL=on, never in production. */
export function devMailRoutes(outboxDir: string) {
  return new Hono()
    .get("/", async (c) => {
      const mails = await readOutbox(outboxDir);
      const items = mails
        .map(
          (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · ${escapeHtml(mail.sentAt)}</p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
        )
        .join("\n");
      return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#475569}
pre{white-space:pre-wrap;word-break:break-word;font:inherit}a{color:#1d4ed8}</style></head>
<body><h1>Development outbox</h1>
<p>Mail is written here because no SMTP_URL is configured, and shown because DEV_MAIL is on. This page does not exist in production.</p>
${items || "<p>No mail yet.</p>"}
</body></html>`);
    })
    .get("/messages.json", async (c) => {
      const to = c.req.query("to")?.toLowerCase();
      const mails = await readOutbox(outboxDir);
      return c.json({ messages: to ? mails.filter((mail) => mail.to.toLowerCase() === to) : mails });
    });
}
