/**
 * The English messages of the "yours" area: the Your Events screen (docs/languages.md, "Where texts
 * live"), apart from the home screen's so that / does not load them. Every key starts with "yours.".
 */
export const messages = {
  "yours.list.loadFailed": "Your events could not be loaded.",
  "yours.current.title": "Current Events",
  "yours.current.none": "You are not participating in any current events.",
  "yours.current.seeAvailable": "See Available Events",
  "yours.current.playing": "Playing",
  "yours.current.onWaitlist": "On Waitlist",
  "yours.completed.title": "Completed Events",
  "yours.completed.none": "You have not completed any events yet.",
  "yours.completed.played": "Played",
  "yours.completed.waitlisted": "Waitlisted",
  "yours.refunded.title": "Refunded Events",
  "yours.refunded.none": "You have no refunded events.",
  "yours.cancelled.title": "Canceled/Refunded Events",
  "yours.cancelled.none": "You have no canceled events.",
  "yours.event.at": "at",
  "yours.event.checkedIn": "Checked in",
  "yours.event.noShow": "No-show",
  "yours.part.player": "Player",
  "yours.part.goalkeeper": "Goalkeeper",
  "yours.part.paid": "Paid {amount}",
  "yours.part.refunded": "Refunded {amount}",
  "yours.part.processing": "Payment processing",
  "yours.part.waitlist": "{role} Waitlist",
  "yours.part.waitlistAt": "{role} Waitlist #{place}",
  "yours.part.nothingCharged": "Nothing charged yet",
  "yours.part.cancelled": "Cancelled",
} as const;
