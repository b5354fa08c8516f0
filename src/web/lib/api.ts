/** A failed API call; `message` is fit to show to the user. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields?: Record<string, string>,
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
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      headers: init.body ? { "content-type": "application/json" } : undefined,
      body: init.body ? JSON.stringify(init.body) : undefined,
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError("Cannot reach the server. Check your connection and try again.", 0, "network");
  }
  const text = await response.text();
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
    throw new ApiError(message, response.status, body.error?.code ?? body.code, body.error?.fields);
  }
  return data as T;
}

export function errorMessage(error: unknown, fallback = "An unknown error occurred."): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
