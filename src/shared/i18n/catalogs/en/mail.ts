/**
 * The English of the "mail" area: every mail's texts (docs/languages.md, "The server's texts"). Every
 * key starts with "mail.". Only the server uses it (src/server/i18n/translate.ts): no screen names it,
 * so it is never in the browser's bundle. Dates and money come formatted as values.
 */
export const messages = {
  // The words every mail's layout shares (the link spelled out, a game's details).
  "mail.common.openLink": "Or open this link:",
  "mail.common.seeGame": "See the game",
  "mail.common.seeGameLink": "See the game: {url}",
  "mail.common.game": "Game",
  "mail.common.when": "When",
  "mail.common.where": "Where",
  "mail.common.amount": "Amount",
  "mail.common.card": "Card",
  /** The +1 guests a player brought (docs/guests.md), named in the mails about their spot. */
  "mail.common.guests": "Your guests",
  "mail.common.free": "Free",
  /** "Riverside Park (field: 3)"; a venue without a field is its location alone. */
  "mail.common.placeWithField": "{location} (field: {field})",
  /** A detail in a text body: "When: Sun, Dec 6…" (French puts a space before the colon). */
  "mail.common.detail": "{label}: {value}",

  // Verification, password reset and "you already have an account" (auth/account-mails.ts).
  "mail.verification.subject": "Verify your email for {app}",
  "mail.verification.intro": "Welcome to {app}! Please confirm that this is your email address.",
  "mail.verification.action": "Verify email",
  "mail.verification.outro": "If you did not create an account, you can ignore this mail.",
  "mail.resetPassword.subject": "Reset your {app} password",
  "mail.resetPassword.intro": "Someone asked to reset the password of your account. If it was you, choose a new password:",
  "mail.resetPassword.action": "Reset password",
  "mail.resetPassword.outro": "If you did not ask for this, you can ignore this mail; your password stays the same.",
  "mail.accountExists.subject": "You already have a {app} account",
  "mail.accountExists.intro":
    "Someone, probably you, tried to register on {app} with this email address. It already has an account, so no new account was created. Log in with it, or reset its password if you have forgotten it:",
  "mail.accountExists.logIn": "Log in",
  "mail.accountExists.resetPassword": "Reset password",
  "mail.accountExists.outro": "If it was not you, you can ignore this mail; nothing has changed.",

  // What an account deletion refunded, game by game (registrations/account-deletion-mail.ts).
  "mail.deletion.subject": "Your {app} account is deleted: what is refunded",
  "mail.deletion.intro": "You deleted your {app} account. Your spots in upcoming games were released for others to take.",
  "mail.deletion.tableIntro": "This is what goes back to your card for each game you had paid for:",
  "mail.deletion.caption": "Refunds per game",
  "mail.deletion.head.game": "Game",
  "mail.deletion.head.date": "Date",
  "mail.deletion.head.paid": "Paid",
  "mail.deletion.head.refunded": "Refunded",
  "mail.deletion.allOfIt": "{refunded}, all of it",
  "mail.deletion.minusFee": "{refunded} ({paid} minus the {fee} processing fee)",
  "mail.deletion.nothingLate": "Nothing: kick-off was less than 24 hours away",
  "mail.deletion.nothingFee": "Nothing: the processing fee is the whole price",
  "mail.deletion.total": "In all, {total} is refunded to your card. It can take 5–10 days to appear on your statement.",
  "mail.deletion.nothingRefunded": "Nothing is refunded to your card.",
  "mail.deletion.last": "This is the last mail {app} sends you about this account.",

  // "A new game is open" (events/new-event-mail.ts).
  "mail.newEvent.subject": "New game: {title}",
  "mail.newEvent.introWithTitle": "A new game is open for registration: {title}",
  "mail.newEvent.intro": "A new game is open for registration:",
  "mail.newEvent.price": "Price",
  "mail.newEvent.players": "Players",
  "mail.newEvent.goalkeepers": "Goalkeepers",
  "mail.newEvent.perPlayer": "{price} per player",
  "mail.newEvent.spots": "{count} spots",
  "mail.newEvent.goalkeeperSpots": "{count} goalkeeper spots, {price}",
  "mail.newEvent.noGoalkeepers": "No goalkeepers",
  "mail.newEvent.regularsFirst": "As one of this game's regulars, you can join now, before everyone else. Registration opens to everyone on {opening}.",
  "mail.newEvent.join": "See the game and join",
  "mail.newEvent.joinLink": "See the game and join: {url}",
  "mail.newEvent.why": "You get these emails because new game emails are on for your account.",
  "mail.newEvent.unsubscribe": "Unsubscribe",
  "mail.newEvent.unsubscribeLink": "Unsubscribe: {url}",

  // The reminders 24 hours and 2 hours before kick-off (reminders/reminder-mail.ts).
  // The alarms of a game's calendar entry, 24 hours and 2 hours before (calendar/game-calendar.ts).
  "mail.calendar.alarm24h": "{title} starts in 24 hours",
  "mail.calendar.alarm2h": "{title} starts in 2 hours",
  "mail.reminder.subject24h": "Reminder: {title}, {weekday} at {time}",
  "mail.reminder.subject2h": "Starting soon: {title} at {time}",
  "mail.reminder.intro24h": "Your game {title} is in 24 hours. See you on the pitch!",
  "mail.reminder.intro2h": "Your game {title} starts in 2 hours. See you on the pitch!",
  "mail.reminder.notRefunded":
    "Cancelling now is not refunded: kick-off is less than 24 hours away, so the spot can no longer be given back. If you cannot come, please let the organiser know.",
  "mail.reminder.directions": "Get directions",
  "mail.reminder.directionsLink": "Directions: {url}",
  "mail.reminder.why": "You get these reminders because game reminders are on for your account.",
  "mail.reminder.unsubscribe": "Unsubscribe from reminders",
  "mail.reminder.unsubscribeLink": "Unsubscribe from reminders: {url}",

  // The mails about a registration, a game's cancel or change (registrations/mails.ts, waitlist-mail.ts).
  // {role} is "player" or "goalkeeper".
  "mail.cancelled.subject": "Cancelled: {title}",
  "mail.cancelled.intro": "The game {title} has been cancelled by the organiser.",
  "mail.cancelled.refunded": "Your payment of {amount} is refunded in full to your card. It can take 5–10 days to appear on your statement.",
  /** A party that had already had guests' shares back: the rest of its payment comes back. */
  "mail.cancelled.refundedHeld":
    "Of your payment of {paid}, the {amount} still paid for your party is refunded in full to your card (the guests you removed earlier had their shares back already). It can take 5–10 days to appear on your statement.",
  "mail.cancelled.nothingCharged": "Nothing was charged to you for this game, so there is nothing to refund.",
  "mail.cancelled.closed": "Your place on its lists and waitlists has been closed.",
  "mail.cancelled.organiserMessage": "Message from the organiser: {message}",
  "mail.changed.subject": "Changed: {title}",
  "mail.changed.intro": "The organiser changed {title}, a game you are registered for:",
  "mail.changed.outro":
    "Your spot or waitlist place stays as it was. If the game no longer suits you, you can cancel your registration on its page, up to 24 hours before it starts.",
  /** After a price change: each registration keeps the amount it was made at (docs/series.md, decision 031). */
  "mail.changed.priceForNew": "The new price is for new registrations: what you paid, or agreed to pay from the waitlist, stays the same.",
  "mail.paymentConfirmed.subject": "Payment confirmed: {title}",
  "mail.paymentConfirmed.intro": "Your spot as {role} in {title} is confirmed. We charged {amount} to your card.",
  "mail.promoted.subject": "You're in: {title}",
  "mail.promoted.intro": "A spot opened up in {title} and it is yours: you are now on the {role, select, player {Player} other {Goalkeeper}} List.",
  "mail.promoted.charged": "As you agreed when joining the waitlist, we charged {amount} to your saved card.",
  "mail.promoted.free": "This game is free.",
  "mail.joined.subject": "You're in: {title}",
  "mail.joined.intro": "You have a spot in {title}: you are on the {role, select, player {Player} other {Goalkeeper}} List. This game is free.",
  "mail.promotionFailed.subject": "We could not charge your card for {title}",
  "mail.promotionFailed.intro": "A spot opened up in {title}, but your saved card could not be charged {amount}.",
  "mail.promotionFailed.introWithReason": "A spot opened up in {title}, but your saved card could not be charged {amount}: {reason}",
  "mail.promotionFailed.released": "The spot went to the next person on the waitlist, and your place on the waitlist has been released.",
  "mail.promotionFailed.rejoin": "To rejoin, open the game and join again, with another card if needed.",
  "mail.lateChargeRefunded.subject": "Your payment for {title} is refunded",
  "mail.lateChargeRefunded.intro": "Your payment of {amount} for {title} went through after your spot had been released.",
  "mail.lateChargeRefunded.introGameCancelled": "Your payment of {amount} for {title} went through after your spot had been released (the game was cancelled).",
  "mail.lateChargeRefunded.refund": "We are refunding all of it, {amount}, to your card. It can take 5–10 days to appear on your statement.",
  "mail.refund.subject": "Your refund for {title}",
  "mail.refund.intro": "You cancelled your registration for {title}.",
  "mail.refund.figures": "{paid} paid, {fee} processing fee, {refund} refunded to your card. It can take 5–10 days to appear on your statement.",
  "mail.refund.earlier": "{amount} of it had already gone back to your card for the guests you removed.",
  "mail.guestRemoved.subject": "{name} is no longer in your party for {title}",
  "mail.guestRemoved.intro": "You removed {name} from your party for {title}. Their spot is open to others again; yours and your other guests' stay as they were.",
  "mail.guestRemoved.refund":
    "{refund} of their {share} goes back to your card: the card processor keeps {fee} as its processing fee. It can take 5–10 days to appear on your statement.",
  "mail.guestRemoved.nothing": "Nothing goes back to your card for {name}: the processing fee the card processor keeps on a refund is as much as their whole {share} share.",
  "mail.guestRemoved.shareLabel": "Their share",
  "mail.guestRemoved.backLabel": "Back to your card",
  /** A receipt written after the spot it reports was given up (its job ran late): it says so instead of the cancel policy. */
  "mail.sinceGivenUp": "You have since given up this spot.",
  /** The same after the organiser cancelled the game (its own mail says what comes back). */
  "mail.sinceCancelled": "The game has since been cancelled: its cancellation mail says what comes back to your card.",

  // What the cancel policy says (registrations/cancel-policy-text.ts).
  "mail.policy.tooLate": "Kick-off is less than 24 hours away, so this spot can no longer be cancelled.",
  "mail.policy.freeCancel": "Can't make it? Cancel on the game's page by {deadline} (24 hours before kick-off), so that your spot goes to the next person on the waitlist.",
  "mail.policy.paidCancel":
    "Can't make it? Cancel on the game's page by {deadline} (24 hours before kick-off) and you get {refund} back: the {paid} you paid minus the {fee} processing fee, which the card processor keeps. After that the spot can no longer be cancelled.",
  "mail.policy.cancelBy": "Cancel by",
  "mail.policy.refundIfYouCancel": "Refund if you cancel",
  "mail.policy.refundFigures": "{refund} ({paid} minus the {fee} processing fee)",
  "mail.policy.waitlistTooLatePaid":
    "Kick-off is less than 24 hours away, so this place and your agreement can no longer be withdrawn: a spot that frees up before kick-off is charged.",
  "mail.policy.waitlistTooLateFree": "Kick-off is less than 24 hours away, so this place can no longer be given up: a spot that frees up before kick-off is yours.",
  // The link ends the sentence with nothing after it: a full stop would be read as part of the address.
  "mail.policy.withdrawPaid":
    "To withdraw your agreement, leave the waitlist on the game's page by {deadline} (24 hours before kick-off); after that your place stays, and a spot that frees up before kick-off is charged. Open the game: {gameUrl}",
  "mail.policy.withdrawFree": "To give up your place, leave the waitlist on the game's page by {deadline} (24 hours before kick-off); after that your place stays. Open the game: {gameUrl}",
  "mail.policy.withdrawBy": "Withdraw by",
  "mail.policy.leaveBy": "Leave by",
  "mail.policy.laterCancel": "Once the spot is yours you can still cancel it by {deadline}, and get {refund} back ({paid} minus the {fee} processing fee).",

  // Joining a waitlist (registrations/waitlist-mail.ts).
  "mail.waitlist.joined": "You joined the waitlist of the {role, select, player {Player} other {Goalkeeper}} List of {title}.",
  "mail.waitlist.full": "The {role, select, player {Player} other {Goalkeeper}} List of {title} is full, so you are on its waitlist: you are number {place}.",
  "mail.waitlist.placeLabel": "Waitlist place",
  "mail.waitlist.place": "#{place}",
  "mail.waitlist.freeSubject": "You're on the waitlist: {title}",
  "mail.waitlist.freeAuto": "If a spot frees up before kick-off, it is yours automatically, and we will mail you.",
  "mail.waitlist.paidSubject": "Your waitlist place and automatic payment: {title}",
  "mail.waitlist.nothingCharged": "{where} Nothing has been charged.",
  "mail.waitlist.record": "This mail is your record of what you agreed to on {agreedAt}:",
  /** The words of the payment dialog's consent, as the player saw them (autoChargeConsentText, src/shared/registrations.ts). */
  "mail.waitlist.consent": "“I agree that my card will be charged {amount} automatically if a spot frees up.”",
  "mail.waitlist.savedCard": "saved card",
  "mail.waitlist.autoCharge":
    "If a spot frees up before kick-off, your {card} is charged {amount} without asking you again, and the spot is yours. We mail you either way: when the spot is yours, or if the card cannot be charged (the spot then goes to the next person).",
  "mail.waitlist.chargedIfSpot": "Charged if a spot frees up",
  "mail.waitlist.agreedOn": "Agreed on",

  // The pages a mail's unsubscribe link opens (mail/unsubscribe.ts).
  "mail.unsubscribe.confirmNewEvents": "Stop the emails about each new game? You can turn them on again in your Profile.",
  "mail.unsubscribe.confirmReminders": "Stop the reminder emails before your games? You can turn them on again in your Profile.",
  "mail.unsubscribe.button": "Unsubscribe",
  "mail.unsubscribe.doneNewEvents": "You will no longer receive new game emails.",
  "mail.unsubscribe.doneReminders": "You will no longer receive game reminder emails.",
  "mail.unsubscribe.invalidLink": "This unsubscribe link is not valid. Open Profile in the app to change your email settings.",
  "mail.unsubscribe.goToApp": "Go to {appName}",

  // What an edit changed (registrations/edit-event.ts, describeChanges): labels and the values written in words.
  "mail.changes.title": "Title",
  "mail.changes.when": "When",
  "mail.changes.timeZone": "Time zone",
  "mail.changes.venue": "Venue",
  "mail.changes.mapPin": "Map pin",
  "mail.changes.field": "Field",
  "mail.changes.notes": "Notes",
  "mail.changes.players": "Players",
  "mail.changes.playerPrice": "Player price",
  "mail.changes.goalkeepers": "Goalkeepers",
  "mail.changes.noMapPin": "no map pin",
  "mail.changes.none": "none",
  "mail.changes.free": "Free",
  "mail.changes.spots": "{count, plural, =1 {1 spot} other {{count} spots}}",
  "mail.changes.noGoalkeepers": "No goalkeepers",
  "mail.changes.guests": "Guests per player",
  "mail.changes.noGuests": "none",
  "mail.holdPlaced.subject": "You are in, if the game is on: {title}",
  "mail.holdPlaced.intro": "You have a spot in {title}: you are on the {role, select, player {Player} other {Goalkeeper}} List.",
  "mail.holdPlaced.held": "We placed a hold of {amount} on your card. It is charged only if the game is on, with at least {min} players on {decides}; if not, the hold is released and nothing is charged.",
  "mail.holdPlaced.scheduled": "Your card will be held for {amount} from {from}, and charged only if the game is on, with at least {min} players on {decides}; if not, nothing is charged.",
  "mail.holdPlaced.giveUp": "You can give up your spot until {decides}: nothing is charged.",
  "mail.holdReleased.subject": "Spot given up: {title}",
  "mail.holdReleased.intro": "You gave up your spot in {title}. The hold of {amount} on your card is released: nothing was charged.",
  "mail.holdFailed.subject": "Your spot was released: {title}",
  "mail.holdFailed.intro": "We could not hold or charge {amount} on your card for {title}, so your spot was released. Nothing was charged.",
  "mail.gameOn.subject": "Game on: {title}",
  "mail.gameOn.intro": "Game on: {players} players are in for {title}.",
  "mail.gameOn.charged": "As you agreed when joining, we charged {amount} to your card.",
  "mail.cancelled.notEnough": "Called off: {players} of {minPlayers} players.",
  "mail.cancelled.holdReleased": "The hold on your card is released: nothing was charged.",
  "mail.changes.gameOn": "Minimum to play",
  "mail.changes.gameOnValue": "at least {min} players, decided {hours} h before kick-off",
  "mail.spotOpened.title": "A spot opened: {title}",
  "mail.spotOpened.body": "{role, select, player {A player spot} other {A goalkeeper spot}} is free on {when}, and no one is waiting for it.",
  "mail.spotOpened.take": "Take it — {amount} with {card}",
  "mail.spotOpened.takeFree": "Take it",
};
