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

  // Accounts, games, registrations, payments, series, teams, cards (the server's own messages).
  "errors.series.notFound": "Series not found.",
  "errors.series.endedEditOneByOne": "This series has ended: edit its games one at a time.",
  "errors.money.noFailedRefund": "No failed refund to retry.",
  "errors.payment.noneWaitingConfirmation": "No payment is waiting for confirmation.",
  "errors.registration.notRegistered": "You are not registered for this event.",
  "errors.payment.stillProcessing": "Your payment is still being processed. Try again in a moment.",
  "errors.registration.spotReleased": "This spot is no longer available. Nothing was charged.",
  "errors.cards.notLoaded": "Saved cards could not be loaded. Please try again.",
  "errors.cards.notRemoved": "The card could not be removed. Please try again.",
  "errors.teams.lockUnknownTeam": "A lock names a team that does not exist.",
  "errors.teams.deletedNoRating": "A deleted account has no rating.",
  "errors.account.notSignedIn": "User not authenticated. Please log in.",
  "errors.account.verifyEmailFirst": "Please verify your email before logging in. Check your inbox.",
  "errors.account.adminsOnly": "Only admins can do this.",
  "errors.account.sameEmail": "That is already your email address.",
  "errors.event.validDate": "Enter a valid date",
  "errors.event.validTime": "Enter a valid time",
  "errors.registration.gameCancelled": "This event has been cancelled.",
  "errors.registration.gameStarted": "This event has already started.",
  "errors.registration.noGoalkeeperSpots": "This event has no goalkeeper spots.",
  "errors.payment.webhookSignature": "The webhook signature is not valid.",
  "errors.payment.noneWaitingAuthentication": "No payment is waiting for authentication.",
  "errors.analytics.hitType": "A hit is sent as text/plain or application/json.",
  "errors.analytics.hitLength": "A hit is sent with its length (Content-Length).",

  // Messages whose English the tests read from a constant of the server's.
  "errors.series.endedRegulars": "This series has ended: its regulars' rule can no longer change.",
  "errors.cards.inUse": "Waitlist places will be charged to this card if a spot frees up. Choose another card for them, or leave those waitlists.",
  "errors.cards.paymentInProgress": "A payment with this card is in progress. Try again in a moment.",
  "errors.cards.chooseAnother": "Choose another of your saved cards.",
  "errors.registration.leaveWaitlistTooLate": "A waitlist place cannot be given up within 24 hours of its game. Charge it to another card instead.",
  "errors.event.editCancelled": "This game was cancelled: it can no longer be edited.",
  "errors.event.editFinished": "This game is over: it can no longer be edited.",
  "errors.registration.alreadyRegistered": "You are already registered for this event.",
  "errors.account.beingDeleted": "This account is being deleted.",
  "errors.registration.notOpenYet": "Registration for this game is not open yet.",
  "errors.registration.noSpotHeld": "You hold no spot in this game.",
  "errors.cards.notFound": "That card was not found.",
};
