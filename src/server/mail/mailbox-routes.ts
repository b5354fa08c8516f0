import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { Db } from "#server/db/client.ts";
import { findMailboxMessage, listMailbox } from "./mailer.ts";

const MAX_INTEGER = 2_147_483_647;

/** /dev/mailbox: the local mailbox used when no SMTP_URL is configured (never in production). */
export function mailboxRoutes(db: Db) {
  return new Hono()
    .get("/", async (c) => {
      const messages = await listMailbox(db);
      return c.html(html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>Local mailbox</title>
            <style>
              body { font-family: system-ui, sans-serif; max-width: 760px; margin: 24px auto; padding: 0 16px; }
              li { padding: 8px 0; border-bottom: 1px solid #ddd; }
              small { color: #555; }
            </style>
          </head>
          <body>
            <h1>Local mailbox</h1>
            <p>Mail is kept here because no SMTP server is configured (SMTP_URL).</p>
            ${messages.length === 0
              ? html`<p>No mail yet.</p>`
              : html`<ul>
                  ${messages.map(
                    (m) => html`<li>
                      <a href="/dev/mailbox/${m.id}">${m.subject}</a><br /><small>to ${m.to} · ${m.createdAt.toISOString()}</small>
                    </li>`,
                  )}
                </ul>`}
          </body>
        </html>`);
    })
    .get("/:id{[0-9]+}", async (c) => {
      const id = Number(c.req.param("id"));
      // Ids are a PostgreSQL integer; a larger number names no mail (and must not reach the query).
      const message = id <= MAX_INTEGER ? await findMailboxMessage(db, id) : undefined;
      if (!message) return c.html("<p>No such mail.</p>", 404);
      return c.html(html`<!doctype html>
        <html lang="en">
          <head><meta charset="utf-8" /><title>${message.subject}</title></head>
          <body style="font-family:system-ui,sans-serif">
            <p><a href="/dev/mailbox">← Local mailbox</a></p>
            <p>
              <strong>To:</strong> ${message.to}<br /><strong>Subject:</strong> ${message.subject}${message.messageId
                ? html`<br /><strong>Message-ID:</strong> <code>${message.messageId}</code>`
                : ""}
            </p>
            <hr />
            ${raw(message.html)}
          </body>
        </html>`);
    });
}
