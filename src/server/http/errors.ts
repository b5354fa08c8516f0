import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { errorText } from "#shared/i18n/error-key.ts";
import { isDatabaseUnreachable } from "#server/db/unreachable.ts";
import { type ErrorMessage, inRequestLanguage, messageOfText, wordError } from "#server/i18n/error-language.ts";

export type ErrorCode =
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "payment_declined"
  | "conflict"
  | "rule"
  | "payment_provider"
  | "payment_in_progress"
  | "upstream"
  | "rate_limited"
  | "unavailable"
  | "internal";

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  payment_declined: 402,
  conflict: 409,
  rule: 422,
  payment_provider: 502,
  payment_in_progress: 409,
  upstream: 502,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

/**
 * A failure the caller can act on; its message is shown to the user as is, in the request's language.
 * `message` (and each field's) is a key of the "errors" or "shared" area with its values,
 * `errorText(key, values)`, or a key alone (a rule's constant); a key that does not exist fails the
 * typecheck. `Error.message` and `fields` hold the English (what the logs and the tests read).
 */
export class AppError extends Error {
  override name = "AppError";
  readonly fields?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    readonly text: ErrorMessage,
    readonly fieldTexts?: Record<string, ErrorMessage>,
  ) {
    super(wordError(text, "en"));
    if (fieldTexts) this.fields = Object.fromEntries(Object.entries(fieldTexts).map(([key, field]) => [key, wordError(field, "en")]));
  }
  get status(): ContentfulStatusCode {
    return statusOf[this.code];
  }
}

/** Too many attempts (rate-limit.ts): a 429 that says, in Retry-After and in words, when to try again. */
export class RateLimitedError extends AppError {
  override name = "RateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super("rate_limited", errorText("errors.request.rateLimited", { minutes }));
  }
}

/** How long a client is asked to wait when the database cannot be reached (docs/decisions/026-shared-state.md). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const SERVICE_UNAVAILABLE = errorText("errors.request.unavailable");

export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, ErrorMessage> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= messageOfText(issue.message);
  }
  // A schema's message is a key (errorKey, src/shared/i18n/error-key.ts); zod's own is in the request's language already.
  const first = error.issues[0]?.message;
  return new AppError("validation", first === undefined ? errorText("errors.request.invalidInput") : messageOfText(first), fields);
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/**
 * An error answer in the request's language: a message by key is worded here, at the boundary, from
 * the "errors" and "shared" areas (docs/languages.md, "The server's texts"); a text another program
 * wrote goes as it is.
 */
export function errorAnswer(c: Context, code: ErrorCode, message: ErrorMessage, status: ContentfulStatusCode, fields?: Record<string, ErrorMessage>) {
  const translated = inRequestLanguage(c, message, fields);
  return c.json(errorBody(code, translated.message, translated.fields), status);
}

/**
 * The answer an error of a lower layer's adapter asks for (the payment processors' CardError and
 * GatewayUnavailableError, money/processors/gateway.ts): so that this, the HTTP layer, imports no feature.
 * `log`: a line for the server's log, said with the request it concerns.
 */
export interface HttpAnswer {
  code: ErrorCode;
  message: ErrorMessage;
  status: ContentfulStatusCode;
  log?: string;
}
function hasHttpAnswer(error: Error): error is Error & { httpAnswer: HttpAnswer } {
  return typeof (error as { httpAnswer?: unknown }).httpAnswer === "object" && (error as { httpAnswer?: unknown }).httpAnswer !== null;
}

/** The one place where failures become HTTP answers. Never a stack trace. */
export function handleError(error: Error, c: Context) {
  const answer = (code: ErrorCode, message: ErrorMessage, status: ContentfulStatusCode, fields?: Record<string, ErrorMessage>) => errorAnswer(c, code, message, status, fields);
  if (error instanceof RateLimitedError) c.header("Retry-After", String(error.retryAfterSeconds));
  if (error instanceof AppError) return answer(error.code, error.text, error.status, error.fieldTexts);
  // Not our failure: the client went away while sending its body (a closed tab, a lost connection).
  if (clientWentAway(c)) {
    console.warn(`[${String(c.get("requestId" as never) ?? "-")}] the client closed the connection before sending all of ${c.req.method} ${c.req.path}; nothing was done`);
    return answer("validation", errorText("errors.request.incomplete"), 400);
  }
  // An adapter's error that knows its answer: the processor refused the card (its message is the
  // user's, 402), or could not be reached (502, logged with the request).
  if (hasHttpAnswer(error)) {
    const { code, message, status, log } = error.httpAnswer;
    if (log) console.error(`[${String(c.get("requestId" as never) ?? "-")}] ${log} (${c.req.method} ${c.req.path})`);
    return answer(code, message, status);
  }
  if (isDatabaseUnreachable(error)) {
    console.error(`[${String(c.get("requestId" as never) ?? "-")}] database unreachable on ${c.req.method} ${c.req.path}: ${error.message}`);
    // Not a 500: nothing is wrong with the request, and the app recovers by itself when the database is back.
    c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    return answer("unavailable", SERVICE_UNAVAILABLE, 503);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code: ErrorCode = status === 413 || status < 500 ? "validation" : "internal";
    return answer(code, error.message ? { written: error.message } : errorText("errors.request.badRequest"), status as ContentfulStatusCode);
  }
  const requestId = c.get("requestId" as never) ?? "-";
  console.error(`[${String(requestId)}] unexpected error on ${c.req.method} ${c.req.path}:`, error);
  return answer("internal", errorText("errors.request.unexpected"), 500);
}

/**
 * The client disconnected before its request body was complete (@hono/node-server's IncomingMessage
 * is then not `complete`, and the request's signal is aborted); reading the body failed because of that.
 */
function clientWentAway(c: Context): boolean {
  const incoming = (c.env as { incoming?: { complete?: boolean; aborted?: boolean } } | undefined)?.incoming;
  return incoming?.complete === false && (incoming.aborted === true || c.req.raw.signal.aborted);
}
