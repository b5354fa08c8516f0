import { apiUrl } from "./app-origin.ts";
import { reportOnline, reportShownFromCache, reportWriteRefused } from "./connection.ts";
import { isSavedAnswer, saveAnswer, savedAnswer } from "./saved-answers.ts";

/** What a change that needs the server (join, pay, cancel...) says without a connection; nothing is kept to send later. */
export const NEEDS_CONNECTION = "You are offline. This needs a connection: try again when you are back online.";

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

/**
 * Calls the server's JSON API. Our routes answer errors as `{ error: { code, message, fields } }`;
 * better-auth answers `{ code, message }`; both become an ApiError.
 */
export async function api<T>(path: string, init: { method?: string; body?: Json; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? (init.body ? "POST" : "GET");
  if (method !== "GET" && navigator.onLine === false) throw needsConnection();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers: init.body ? { "content-type": "application/json" } : undefined,
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
    throw new ApiError("Cannot reach the server. Check your connection and try again.", 0, "network");
  }
  reportOnline();
  const text = await response.text();
  if (response.ok && method === "GET" && isSavedAnswer(path)) void saveAnswer(path, text);
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
    const message = body.error?.message ?? body.message ?? (response.status >= 500 ? "An unexpected error occurred." : response.statusText);
    throw new ApiError(message, response.status, body.error?.code ?? body.code, body.error?.fields, body.error);
  }
  return data as T;
}

function needsConnection(): ApiError {
  reportWriteRefused();
  return new ApiError(NEEDS_CONNECTION, 0, "offline");
}

export function errorMessage(error: unknown, fallback = "An unknown error occurred."): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
