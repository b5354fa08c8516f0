import type { AppContext } from "#server/context.ts";
import { readMe } from "#server/auth/routes.ts";
import { withoutPassword } from "#server/auth/session.ts";
import type { Me } from "#shared/account.ts";
import { eventReads, readMyRegistrations } from "#server/events/routes.ts";
import { AppError } from "#server/http/errors.ts";
import type { PublicConfig } from "#shared/public-config.ts";

/** An API answer as the render's `api()` reads it (src/web/lib/api.ts): a status and a JSON body. */
export interface PageReadAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  text(): Promise<string>;
}

/**
 * The API reads a page rendered on the server makes (docs/server-rendering.md, "One data path"),
 * answered for a viewer whose session the page's request already checked, once: the same functions
 * and rules as the API's routes (`readMe`, `eventReads`, `readMyRegistrations`, the public config), and
 * the same caches, without sending each read through the whole app (its headers, its session check
 * again, its Request and Response). A read it does not know is a fault of the render: the page is
 * then the plain one, rendered in the browser.
 */
export function pageReads(context: Pick<AppContext, "database" | "listCache"> & { publicConfig: PublicConfig }) {
  const { db } = context.database;
  const events = eventReads(context);
  const config = JSON.stringify(context.publicConfig);
  const json = (value: unknown) => JSON.stringify(value);

  const read = async (path: string, me: Me | null): Promise<string> => {
    const url = new URL(path, "http://page.invalid");
    if (url.pathname === "/api/me") return json(readMe(me));
    const viewer = me && withoutPassword(me);
    if (url.pathname === "/api/config") return config;
    if (url.pathname === "/api/me/registrations") return json(await readMyRegistrations(db, viewer));
    if (url.pathname === "/api/events" && url.searchParams.get("scope") === "upcoming" && url.searchParams.size === 1) return events.list({ scope: "upcoming" });
    const previewId = /^\/api\/events\/([^/]+)\/preview$/.exec(url.pathname)?.[1];
    if (previewId) return json(await events.preview(decodeURIComponent(previewId)));
    const eventId = /^\/api\/events\/([^/]+)$/.exec(url.pathname)?.[1];
    if (eventId) return json(await events.detail(viewer, decodeURIComponent(eventId)));
    throw new Error(`a page rendered on the server read ${url.pathname}, which page-reads.ts does not answer`);
  };

  return {
    /** What GET `path` answers this viewer (as the session check read them); an AppError is answered with its status, as the API would. */
    async answer(path: string, viewer: Me | null): Promise<PageReadAnswer> {
      try {
        const body = await read(path, viewer);
        return { ok: true, status: 200, statusText: "OK", text: async () => body };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { ok: false, status: error.status, statusText: error.code, text: async () => "" };
      }
    },
  };
}

export type PageReads = ReturnType<typeof pageReads>;
