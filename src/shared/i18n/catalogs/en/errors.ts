/**
 * The English of the "errors" area: the messages of the API's error answers (docs/languages.md, "The
 * server's texts"). Every key starts with "errors.". The server words them in the request's language
 * (src/server/http/errors.ts, with src/server/i18n/translate.ts); no screen's entry names this area.
 * Amounts come formatted as values.
 */
export const messages = {
  // The request itself (http/, app.ts).
  "errors.request.invalidInput": "Invalid input.",
  "errors.request.badRequest": "Bad request.",
  "errors.request.unexpected": "An unexpected error occurred.",
  "errors.request.incomplete": "The request was not received completely.",
  "errors.request.unavailable": "The service is unavailable for a moment. Please try again shortly.",
  "errors.request.jsonContentType": "The request body must be JSON (Content-Type: application/json).",
  "errors.request.json": "The request body must be JSON.",
  "errors.request.tooLarge": "The request is too large.",
  "errors.request.notFound": "Not found.",
  "errors.request.otherSite": "This request is not allowed from another site.",
  "errors.request.gameId": "The game's id is not valid.",
  "errors.request.registrationId": "The registration's id is not valid.",
  "errors.request.page": "page must be a whole number",
  "errors.request.scope": "scope must be upcoming or completed",
};
