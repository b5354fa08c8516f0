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

  // Analytics, places, cards' and games' edits, the request's size.
  "errors.analytics.startDate": "Enter the start date as YYYY-MM-DD.",
  "errors.analytics.endDate": "Enter the end date as YYYY-MM-DD.",
  "errors.analytics.endBeforeStart": "The end date must not be before the start date.",
  "errors.analytics.periodTooLong": "Choose a period of at most two years.",
  "errors.analytics.hitTooLarge": "A hit is at most {bytes} bytes.",
  "errors.request.tooDeep": "The request body is nested too deeply (more than {levels} levels).",
  "errors.cards.leaveWaitlistsTrue": "leaveWaitlists must be true when given.",
  "errors.cards.replaceOrLeave": "Choose either another card or leaving the waitlists, not both.",
  "errors.cards.detailsMissing": "Card details are missing.",
  "errors.places.tooShort": "Type at least 2 characters to search for a place.",
  "errors.places.tooLong": "The search text is too long (200 characters at most).",
  "errors.event.goalkeepersRegistered": "Goalkeepers are registered for this game: its goalkeeper spots cannot be removed.",
  "errors.event.waitingPartyTooLarge": "A party of {size} is waiting for a player spot: keep at least {keep} player spots.",
  "errors.account.emailInUse": "That email address is already in use by another account.",
  "errors.account.wrongPassword": "The current password is incorrect.",
  "errors.series.followingWithinAWeek": "The following games can move to another day of their own week only: pick a day at most 6 days before or after this game's day in the series.",

  // The team splitter's refusals (teams/split-teams.ts, SplitError).
  "errors.teams.atLeastTwo": "There must be at least 2 teams.",
  "errors.teams.listedTwice": "Player {id} is listed twice.",
  "errors.teams.needPlayers": "{teams} teams need at least {players} players.",
  "errors.teams.lockNamesUnknownTeam": "A lock names team {team}, which does not exist.",
  "errors.teams.lockedNotAPlayer": "A locked player ({id}) is not among the players.",
  "errors.teams.locksTooManyGoalkeepers": "The locks put too many goalkeepers in one team.",
  "errors.teams.locksUnbalanced": "The locks make the teams' sizes differ by more than one.",

  // The request's rate limit (http/errors.ts, RateLimitedError) and better-auth's hook (auth/auth.ts).
  "errors.request.rateLimited": "Too many attempts. Please try again in {minutes, plural, =1 {{minutes} minute} other {{minutes} minutes}}.",
  "errors.request.charactersNotAllowed": "The request contains characters that are not allowed.",
  "errors.account.useProfileForName": "Use the profile page to change your name.",
  "errors.account.deleteNeedsPassword": "Enter your current password to delete your account.",
  "errors.account.deleteNeedsFreshSignIn": "For your security, sign in again with Google, then delete your account within 5 minutes.",

  // better-auth's own answers on the flows the app uses, by their code (auth/auth-routes.ts).
  "errors.auth.invalidEmailOrPassword": "Invalid email or password",
  "errors.auth.emailNotVerified": "Email not verified",
  "errors.auth.invalidPassword": "Invalid password",
  "errors.auth.invalidEmail": "Invalid email",
  "errors.auth.passwordTooShort": "Password too short",
  "errors.auth.passwordTooLong": "Password too long",
  "errors.auth.invalidToken": "Invalid token",
  "errors.auth.tokenExpired": "Token expired",
  "errors.auth.userAlreadyExists": "User already exists.",
  "errors.auth.userNotFound": "User not found",
  "errors.auth.emailAlreadyVerified": "Email is already verified",
  "errors.auth.sessionExpired": "Session expired. Re-authenticate to perform this action.",

  // Games and joins: the messages the English-keyed dictionary's own tests pinned.
  "errors.event.notFound": "Event not found.",
  "errors.registration.alreadyOnWaitlist": "{list, select, Player {You are already on the Player Waitlist.} other {You are already on the Goalkeeper Waitlist.}}",
  "errors.registration.priceChanged": "The price of this game changed to {price}. Please review it and try again.",
  "errors.registration.cancelledWhilePaying": "This event was cancelled while you were paying. Your payment went through and is refunded in full.",
  "errors.registration.releasedWhilePaying": "This spot was released while you were paying. Your payment went through and is refunded in full.",
  "errors.places.unavailable": "Place search is unavailable right now. Try again, or pick a venue used before.",

  // The card processor's refusals, by their decline code (money/processors/decline-text.ts), and the adapters' own.
  "errors.card.declined": "Your card was declined.",
  "errors.card.insufficientFunds": "Your card has insufficient funds.",
  "errors.card.authenticationRequired": "Your card was declined. This transaction requires authentication.",
  "errors.card.authenticationFailed": "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  "errors.card.canceled": "The payment was canceled.",
  "errors.card.incorrectCvc": "Your card's security code is incorrect.",
  "errors.card.incorrectNumber": "Your card number is incorrect.",
  "errors.card.invalidExpiryMonth": "Your card's expiration month is invalid.",
  "errors.card.invalidExpiryYear": "Your card's expiration year is invalid.",
  "errors.card.notSupported": "Your card does not support this type of purchase.",
  "errors.card.processingError": "An error occurred while processing your card. Try again in a little bit.",
  "errors.card.paymentFailed": "Payment failed. Please try again.",
  "errors.card.refused": "The payment could not be made with this card.",
  "errors.card.saveFailed": "Failed to save the card.",

  // Notes the ledger keeps about a charge (stored in English: records), worded when a mail quotes one (registrations/mails.ts).
  "errors.ledger.notInTime": "The payment was not completed in time.",
  "errors.ledger.releasedFirst": "Not charged: the spot was released first.",
};
