import { currentLanguage, t } from "#web/i18n/i18n.ts";
import { apiUrl } from "./app-origin.ts";
import { reportOnline, reportShownFromCache, reportWriteRefused, savedAnswersGeneration } from "./connection.ts";
import { isSavedAnswer, saveAnswer, savedAnswer } from "./saved-answers.ts";

/**
 * What a change that needs the server (join, pay, cancel...) says without a connection; nothing is kept
 * to send later. A function, not a constant: it is worded in the language loaded when it is shown.
 */
export function needsConnectionMessage(): string {
  return t("shell.offline.needsConnection");
}

/** A failed API call; `message` is fit to show to the user. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** The whole `error` object of our answer, for an error that carries more (card_in_use lists its games). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown> | unknown[];

/** An answer as `api()` reads it: a fetch Response, or the server's own answer to a page's read. */
export type ApiAnswer = Pick<Response, "ok" | "status" | "statusText" | "text">;

/**
 * How a read reaches the API on the server, where the page is rendered (docs/server-rendering.md):
 * answered for the page's viewer by the API's own functions and rules (src/server/web/page-reads.ts).
 */
export type ServerTransport = (path: string, init: { method: string; headers: Record<string, string> }) => Promise<ApiAnswer>;
let serverTransport: (() => ServerTransport | undefined) | undefined;

/** Set once by the server's render entry: where each render finds its request's transport. */
export function setServerTransport(find: () => ServerTransport | undefined): void {
  serverTransport = find;
}

/**
 * Calls the server's JSON API. Our routes answer errors as `{ error: { code, message, fields } }`;
 * better-auth answers `{ code, message }`; both become an ApiError.
 */
export async function api<T>(path: string, init: { method?: string; body?: Json; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? (init.body ? "POST" : "GET");
  const onServer = serverTransport?.();
  // Nothing of this browser's (its connection, its saved answers) on the server.
  if (onServer) return readAnswer<T>(await onServer(path, { method, headers: { "accept-language": currentLanguage() } }));
  if (method !== "GET" && navigator.onLine === false) throw needsConnection();
  let response: Response;
  // An answer that comes back after the session ended is not saved for the next person (saved-answers.ts).
  const generation = savedAnswersGeneration();
  try {
    response = await fetch(apiUrl(path), {
      method,
      // The server words its errors in the language the screens speak (docs/languages.md), the
      // reader's choice included, which the browser's own Accept-Language does not know.
      headers: { "accept-language": currentLanguage(), ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      // Inside the mobile app the server is another origin (app-origin.ts); its session cookie must go along.
      credentials: "include",
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    if (method !== "GET" && navigator.onLine === false) throw needsConnection();
    // No connection: what was last seen, marked with the time it was fetched (saved-answers.ts).
    const saved = method === "GET" && isSavedAnswer(path) ? await savedAnswer(path) : null;
    if (saved) {
      reportShownFromCache(saved.fetchedAt);
      return JSON.parse(saved.body) as T;
    }
    throw new ApiError(t("shell.api.unreachable"), 0, "network");
  }
  reportOnline();
  return readAnswer<T>(response, (text) => {
    if (response.ok && method === "GET" && isSavedAnswer(path)) void saveAnswer(path, text, generation);
  });
}

/** The answer's JSON, or its error as an ApiError. */
async function readAnswer<T>(response: ApiAnswer, keep?: (text: string) => void): Promise<T> {
  const text = await response.text();
  keep?.(text);
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const body = (data ?? {}) as { error?: { code?: string; message?: string; fields?: Record<string, string> }; code?: string; message?: string };
    const message = body.error?.message ?? body.message ?? (response.status >= 500 ? t("shell.api.unexpected") : response.statusText);
    throw new ApiError(message, response.status, body.error?.code ?? body.code, body.error?.fields, body.error);
  }
  return data as T;
}

function needsConnection(): ApiError {
  reportWriteRefused();
  return new ApiError(needsConnectionMessage(), 0, "offline");
}

export function errorMessage(error: unknown, fallback = t("shell.api.unknown")): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
