/**
 * The English of the "shared" area: the messages written once in src/shared for both sides (a zod
 * schema's, a rule's constant, a notice the server and the screens both give). The server words them
 * in an API error's answer (src/server/http/errors.ts), the screens with `sharedMessage()`
 * (src/web/i18n/shared-message.ts); the screens that show one name "shared" in screens.ts. Every
 * key starts with "shared." (docs/languages.md, decision 035). Amounts come as values, formatted in
 * the reader's language.
 */
export const messages = {
  // Accounts (shared/account.ts): a name's fields, the e-mail change.
  "shared.account.firstNameRequired": "First name is required",
  "shared.account.firstNameTooLong": "First name is too long",
  "shared.account.lastNameRequired": "Last name is required",
  "shared.account.lastNameTooLong": "Last name is too long",
  "shared.account.currentPasswordRequired": "Current password is required",
  "shared.account.validEmail": "Enter a valid email address",
  "shared.account.passwordRule": "At least {min} characters.",

  // A text field holding characters it may not (shared/text.ts, notAllowedCharacters), by the field's label.
  "shared.text.notAllowed":
    "{label, select, firstName {First name} lastName {Last name} title {Title} location {Event Location} field {Field} notes {Notes} message {Message} other {The search text}} contains characters that are not allowed",

  // Games (shared/events.ts).
  "shared.event.allRequired": "All fields are required",
  "shared.event.dateInPast": "Date must be after todays date",
  "shared.event.validDate": "Enter a valid date",
  "shared.event.validTime": "Enter a valid time",
  "shared.event.titleTooLong": "Title is too long",
  "shared.event.unknownTimeZone": "Unknown time zone",
  "shared.event.durationHours": "Duration hours must be 0 or more",
  "shared.event.durationMinutes": "Duration minutes must be between 0 and 59",
  "shared.event.durationTooShort": "The duration must be longer than 0 minutes",
  "shared.event.durationTooLong": "The duration must be 24 hours or less",
  "shared.event.venueTooLong": "The venue's name is too long",
  "shared.event.pointIncomplete": "Give both latitude and longitude, or neither.",
  "shared.event.latitudeRange": "Latitude must be between -90 and 90.",
  "shared.event.longitudeRange": "Longitude must be between -180 and 180.",
  "shared.event.costFormat": "Cost must be an amount like 10 or 12.50",
  "shared.event.goalkeeperCostFormat": "Goalkeeper cost must be an amount like 10 or 12.50",
  "shared.event.minimumPrice": "The price must be free or at least {amount}.",
  "shared.event.maxPlayersMin": "Max players must be at least 1",
  "shared.event.maxPlayersMax": "Max players must be at most {max}",
  "shared.event.maxGoalkeepersMin": "Max goalkeepers must be at least 1",
  "shared.event.maxGoalkeepersMax": "Max goalkeepers must be at most {max}",
  "shared.event.notesTooLong": "Notes must be at most {max} characters",
  "shared.event.cancelMessageTooLong": "The message must be at most {max} characters",
  "shared.event.cancelledAndRefunded": "Event cancelled, and all users refunded.",
  "shared.event.cancelFailed": "Failed to cancel the event.",

  // +1 guests (shared/guests.ts).
  "shared.guests.firstNameRequired": "Give each guest a first name.",
  "shared.guests.nameTooLong": "A guest's name must be at most {max} characters.",
  "shared.guests.nameNotAllowed": "A guest's name contains characters that are not allowed.",
  "shared.guests.off": "This game does not take guests.",
  "shared.guests.playersOnly": "Guests can only join as players.",
  "shared.guests.partyLargerThanGame": "Your party is larger than this game.",
  "shared.guests.notFound": "This guest is not in your party.",
  "shared.guests.limitRange": "Guests per player must be between 0 and {max}",
  "shared.guests.tooMany": "{max, plural, =1 {You can bring at most 1 guest to this game.} other {You can bring at most {max} guests to this game.}}",

  // Registrations, payments and cards (shared/registrations.ts, registration-schemas.ts, registration-opening.ts).
  "shared.registration.role": "role must be player or goalkeeper",
  "shared.registration.regularsOnly": "Only this series' regulars can join before registration opens.",
  "shared.registration.regularsSpotsTaken": "The spots for regulars are taken. The others open to everyone when registration opens.",
  "shared.registration.cancelWindow": "You can only cancel your registration up to 24 hours before the event.",
  "shared.registration.joined": "{list, select, Player {You have been successfully added to the Player List!} other {You have been successfully added to the Goalkeeper List!}}",
  "shared.registration.joinedWaitlist":
    "{list, select, Player {You have been successfully added to the Player Waitlist!} other {You have been successfully added to the Goalkeeper Waitlist!}}",
  "shared.payment.selectSavedCard": "Please select a saved payment method.",
  "shared.payment.failed": "Payment failed. Please try again.",
  "shared.payment.initializeFailed": "Failed to initialize payment.",
  "shared.payment.unexpected": "An unexpected error occurred.",
  "shared.payment.refundSuccessful": "Refund successful!",
  "shared.payment.authenticationFailed": "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  "shared.payment.consentRequired": "Please agree to be charged automatically if a spot frees up.",
  "shared.payment.consent": "I agree that my card will be charged {price} automatically if a spot frees up.",
  "shared.cards.detailsMissing": "Card details are missing.",
  "shared.cards.saveFailed": "Failed to save the card.",
  "shared.cards.invalidNumber": "Your card number is invalid.",
  "shared.cards.invalidExpiry": "Your card's expiration date is invalid.",
  "shared.cards.expired": "Your card has expired.",
  "shared.cards.invalidCvc": "Your card's security code is invalid.",

  // Weekly series (shared/series.ts).
  "shared.series.endDateRequired": "Enter the date of the last game",
  "shared.series.endDateBeforeFirst": "The last date must be on or after the first game's date",
  "shared.series.endDateTooFar": "A series can last at most {days} days: create another one after it",
  "shared.series.gameCountRange": "The number of games must be between 1 and {max}",
  "shared.series.opensDaysRange": "Registration must open between {min} and {max} days before kick-off",
  "shared.series.editScopeRequired": "Choose this game, or this and the following games",
  "shared.series.regularsWindowRange": "The regulars' head start must be between {min} and {max} hours",
  "shared.series.regularsOfLastRange": "Count between 1 and {max} of the last games",
  "shared.series.regularsMinGamesRange": "The games a regular played must be between 1 and the games counted",
  "shared.series.regularsShareRange": "The regulars' share must be between {min} % and {max} % of the spots",

  // Check-in (shared/check-in.ts, check-in-schemas.ts).
  "shared.checkIn.notYet": "Check-in opens 60 minutes before kick-off.",
  "shared.checkIn.closed": "Check-in closed 6 hours after the game ended.",
  "shared.checkIn.cancelled": "This game was cancelled: there is nobody to check in.",
  "shared.checkIn.notConfirmed": "Only players and goalkeepers with a confirmed spot can be checked in.",
  "shared.checkIn.registrationNotFound": "This player is not on this game's list.",
  "shared.checkIn.noShowsTooEarly": "The rest can be marked as no-show from kick-off.",
  "shared.checkIn.noShowsTooLate": "No-shows can only be marked or undone until 24 hours after the game ends.",
  "shared.checkIn.checkedIn": "checkedIn must be true or false",

  // Teams and results (shared/teams.ts, teams-schemas.ts); the teams' names as the screens show them.
  "shared.teams.name": "{team, select, bibs {Bibs} noBibs {No bibs} orange {Orange bibs} blue {Blue bibs} yellow {Yellow bibs} other {Team {number}}}",
  "shared.teams.notYet": "Teams can be made from 60 minutes before kick-off.",
  "shared.teams.cancelled": "This game was cancelled: there are no teams to make.",
  "shared.teams.resultsTooEarly": "The result can be entered once the game has kicked off.",
  "shared.teams.notPublished": "Publish the teams before entering the result.",
  "shared.teams.tooFewPlayers": "There are not enough players for these teams: each team needs at least 2.",
  "shared.teams.notAPlayer": "Every player in a team must have a confirmed spot in this game.",
  "shared.teams.twice": "A player is in two teams, or twice in one.",
  "shared.teams.unevenSizes": "The teams' sizes must differ by at most one.",
  "shared.teams.unevenKeepers": "Goalkeepers must be spread one per team.",
  "shared.teams.lockBroken": "A locked player must stay in the team they are locked to.",
  "shared.teams.missing": "Every player must be in a team.",
  "shared.teams.unknownTeam": "A score names a team that does not exist.",
  "shared.teams.sameTeam": "A score is between two different teams.",
  "shared.teams.guestRemoved": "A guest in these teams was removed from their player's party.",
  "shared.teams.guestPartyGone": "A guest in these teams came with a player who no longer has a confirmed spot.",
  "shared.teams.guestHostNotCheckedIn": "A guest plays only once the player who brought them is checked in.",
  "shared.teams.guestNoRating": "A guest has no account, so no rating: they play at the default rating.",
  "shared.teams.teamCount": "The number of teams must be from {min} to {max}.",
  "shared.teams.playerId": "A player's id is not valid.",
  "shared.teams.teamIndex": "A team must be given by its number.",
  "shared.teams.locks": "Locks must name players and their teams.",
  "shared.teams.lists": "Teams must be lists of players.",
  "shared.teams.publish": "publish must be true or false",
  "shared.teams.goals": "A score is a whole number from 0 to {max}.",
  "shared.teams.atLeastOneScore": "Enter at least one score.",
  "shared.teams.maxScores": "At most {max} short games in one result.",
  "shared.teams.stars": "A rough rating is {min} to {max} stars.",

  // The console's period (shared/console-period.ts), calendar and analytics' bodies.
  "shared.period.unknownTimeZone": "Unknown time zone.",
  "shared.period.startDate": "Enter the start date as YYYY-MM-DD.",
  "shared.period.endDate": "Enter the end date as YYYY-MM-DD.",
  "shared.period.endBeforeStart": "The end date must not be before the start date.",
  "shared.period.tooLong": "Choose a period of at most two years.",
  "shared.calendar.gameReminders": "gameReminders must be true or false",
  "shared.analytics.path": "must be a path of the app",
  "shared.analytics.host": "must be a host name",
  "shared.gameOn.minPlayersRange": "The players needed must be a whole number from 1 to the game's maximum.",
  "shared.gameOn.minGoalkeepersRange": "The goalkeepers needed must be a whole number, at most the goalkeeper spots.",
  "shared.gameOn.decideHoursRange": "Decide between {min} and {max} hours before kick-off.",
};
