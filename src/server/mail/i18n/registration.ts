import type { Language } from "#shared/language.ts";
import { autoChargeConsentText } from "#shared/registrations.ts";

type Role = "player" | "goalkeeper";

/**
 * The mails about a registration, a game's cancel or change, and what its cancel policy says
 * (registrations/mails.ts, cancel-policy-text.ts, waitlist-mail.ts). Amounts, deadlines and
 * dates come formatted in the recipient's language.
 */
const en = {
  cancelled: {
    subject: (title: string) => `Cancelled: ${title}`,
    intro: (title: string) => `The game ${title} has been cancelled by the organiser.`,
    refunded: (amount: string) => `Your payment of ${amount} is refunded in full to your card. It can take 5–10 days to appear on your statement.`,
    /** A party that had already had guests' shares back: the rest of its payment comes back. */
    refundedHeld: (amount: string, paid: string) =>
      `Of your payment of ${paid}, the ${amount} still paid for your party is refunded in full to your card (the guests you removed earlier had their shares back already). It can take 5–10 days to appear on your statement.`,
    nothingCharged: "Nothing was charged to you for this game, so there is nothing to refund.",
    closed: "Your place on its lists and waitlists has been closed.",
    organiserMessage: (message: string) => `Message from the organiser: ${message}`,
  },
  changed: {
    subject: (title: string) => `Changed: ${title}`,
    intro: (title: string) => `The organiser changed ${title}, a game you are registered for:`,
    outro: "Your spot or waitlist place stays as it was. If the game no longer suits you, you can cancel your registration on its page, up to 24 hours before it starts.",
    /** After a price change: each registration keeps the amount it was made at (docs/series.md, decision 031). */
    priceForNew: "The new price is for new registrations: what you paid, or agreed to pay from the waitlist, stays the same.",
  },
  paymentConfirmed: {
    subject: (title: string) => `Payment confirmed: ${title}`,
    intro: (role: Role, title: string, amount: string) => `Your spot as ${role} in ${title} is confirmed. We charged ${amount} to your card.`,
  },
  promoted: {
    subject: (title: string) => `You're in: ${title}`,
    intro: (title: string, role: Role) => `A spot opened up in ${title} and it is yours: you are now on the ${listName(role)} List.`,
    charged: (amount: string) => `As you agreed when joining the waitlist, we charged ${amount} to your saved card.`,
    free: "This game is free.",
  },
  joined: {
    subject: (title: string) => `You're in: ${title}`,
    intro: (title: string, role: Role) => `You have a spot in ${title}: you are on the ${listName(role)} List. This game is free.`,
  },
  promotionFailed: {
    subject: (title: string) => `We could not charge your card for ${title}`,
    intro: (title: string, amount: string, reason: string | null) => `A spot opened up in ${title}, but your saved card could not be charged ${amount}${reason ? `: ${reason}` : "."}`,
    released: "The spot went to the next person on the waitlist, and your place on the waitlist has been released.",
    rejoin: "To rejoin, open the game and join again, with another card if needed.",
  },
  lateChargeRefunded: {
    subject: (title: string) => `Your payment for ${title} is refunded`,
    intro: (amount: string, title: string, gameCancelled: boolean) =>
      `Your payment of ${amount} for ${title} went through after your spot had been released${gameCancelled ? " (the game was cancelled)" : ""}.`,
    refund: (amount: string) => `We are refunding all of it, ${amount}, to your card. It can take 5–10 days to appear on your statement.`,
  },
  refund: {
    subject: (title: string) => `Your refund for ${title}`,
    intro: (title: string) => `You cancelled your registration for ${title}.`,
    figures: (paid: string, fee: string, refund: string) => `${paid} paid, ${fee} processing fee, ${refund} refunded to your card. It can take 5–10 days to appear on your statement.`,
    earlier: (amount: string) => `${amount} of it had already gone back to your card for the guests you removed.`,
  },
  guestRemoved: {
    subject: (name: string, title: string) => `${name} is no longer in your party for ${title}`,
    intro: (name: string, title: string) => `You removed ${name} from your party for ${title}. Their spot is open to others again; yours and your other guests' stay as they were.`,
    refund: (refund: string, share: string, fee: string) =>
      `${refund} of their ${share} goes back to your card: the card processor keeps ${fee} as its processing fee. It can take 5–10 days to appear on your statement.`,
    nothing: (name: string, share: string) =>
      `Nothing goes back to your card for ${name}: the processing fee the card processor keeps on a refund is as much as their whole ${share} share.`,
    shareLabel: "Their share",
    backLabel: "Back to your card",
  },
  /** A receipt written after the spot it reports was given up (its job ran late): it says so instead of the cancel policy. */
  sinceGivenUp: "You have since given up this spot.",
  /** The same after the organiser cancelled the game (its own mail says what comes back). */
  sinceCancelled: "The game has since been cancelled: its cancellation mail says what comes back to your card.",
  policy: {
    tooLate: "Kick-off is less than 24 hours away, so this spot can no longer be cancelled.",
    freeCancel: (deadline: string) => `Can't make it? Cancel on the game's page by ${deadline} (24 hours before kick-off), so that your spot goes to the next person on the waitlist.`,
    paidCancel: (deadline: string, refund: string, paid: string, fee: string) =>
      `Can't make it? Cancel on the game's page by ${deadline} (24 hours before kick-off) and you get ${refund} back: the ${paid} you paid minus the ${fee} processing fee, which the card processor keeps. After that the spot can no longer be cancelled.`,
    cancelBy: "Cancel by",
    refundIfYouCancel: "Refund if you cancel",
    refundFigures: (refund: string, paid: string, fee: string) => `${refund} (${paid} minus the ${fee} processing fee)`,
    waitlistTooLatePaid: "Kick-off is less than 24 hours away, so this place and your agreement can no longer be withdrawn: a spot that frees up before kick-off is charged.",
    waitlistTooLateFree: "Kick-off is less than 24 hours away, so this place can no longer be given up: a spot that frees up before kick-off is yours.",
    // The link ends the sentence with nothing after it: a full stop would be read as part of the address.
    withdraw: (paid: boolean, deadline: string, gameUrl: string) =>
      `${paid ? "To withdraw your agreement, leave the waitlist" : "To give up your place, leave the waitlist"} on the game's page by ${deadline} (24 hours before kick-off); ${
        paid ? "after that your place stays, and a spot that frees up before kick-off is charged" : "after that your place stays"
      }. Open the game: ${gameUrl}`,
    withdrawBy: "Withdraw by",
    leaveBy: "Leave by",
    laterCancel: (deadline: string, refund: string, paid: string, fee: string) =>
      `Once the spot is yours you can still cancel it by ${deadline}, and get ${refund} back (${paid} minus the ${fee} processing fee).`,
  },
  waitlist: {
    joined: (role: Role, title: string) => `You joined the waitlist of the ${listName(role)} List of ${title}.`,
    full: (role: Role, title: string, place: number) => `The ${listName(role)} List of ${title} is full, so you are on its waitlist: you are number ${place}.`,
    placeLabel: "Waitlist place",
    place: (place: number) => `#${place}`,
    freeSubject: (title: string) => `You're on the waitlist: ${title}`,
    freeAuto: "If a spot frees up before kick-off, it is yours automatically, and we will mail you.",
    paidSubject: (title: string) => `Your waitlist place and automatic payment: ${title}`,
    nothingCharged: (where: string) => `${where} Nothing has been charged.`,
    record: (agreedAt: string) => `This mail is your record of what you agreed to on ${agreedAt}:`,
    // The words of the payment dialog's consent, as the player saw them.
    consent: (amount: string) => `“${autoChargeConsentText(amount)}”`,
    savedCard: "saved card",
    autoCharge: (card: string, amount: string) =>
      `If a spot frees up before kick-off, your ${card} is charged ${amount} without asking you again, and the spot is yours. We mail you either way: when the spot is yours, or if the card cannot be charged (the spot then goes to the next person).`,
    chargedIfSpot: "Charged if a spot frees up",
    agreedOn: "Agreed on",
  },
  /** What an edit changed (registrations/edit-event.ts, describeChanges): labels and the values written in words. */
  changes: {
    title: "Title",
    when: "When",
    venue: "Venue",
    mapPin: "Map pin",
    field: "Field",
    notes: "Notes",
    players: "Players",
    playerPrice: "Player price",
    goalkeepers: "Goalkeepers",
    noMapPin: "no map pin",
    none: "none",
    free: "Free",
    spots: (count: number) => (count === 1 ? "1 spot" : `${count} spots`),
    noGoalkeepers: "No goalkeepers",
    guests: "Guests per player",
    noGuests: "none",
  },
};

function listName(role: Role) {
  return role === "player" ? "Player" : "Goalkeeper";
}

export type RegistrationMailTexts = typeof en;

const frList = (role: Role) => (role === "player" ? "la liste des joueurs" : "la liste des gardiens de but");
const frRole = (role: Role) => (role === "player" ? "joueur" : "gardien de but");

const fr: RegistrationMailTexts = {
  cancelled: {
    subject: (title) => `Annulée : ${title}`,
    intro: (title) => `La partie ${title} a été annulée par l’organisateur.`,
    refunded: (amount) => `Votre paiement de ${amount} vous est remboursé en entier sur votre carte. Il peut falloir de 5 à 10 jours pour qu’il paraisse sur votre relevé.`,
    refundedHeld: (amount, paid) =>
      `Sur votre paiement de ${paid}, les ${amount} encore payés pour votre groupe vous sont remboursés en entier sur votre carte (les invités que vous aviez retirés avaient déjà été remboursés de leur part). Il peut falloir de 5 à 10 jours pour qu’ils paraissent sur votre relevé.`,
    nothingCharged: "Rien ne vous a été débité pour cette partie : il n’y a donc rien à rembourser.",
    closed: "Votre place sur ses listes et listes d’attente a été fermée.",
    organiserMessage: (message) => `Message de l’organisateur : ${message}`,
  },
  changed: {
    subject: (title) => `Modifiée : ${title}`,
    intro: (title) => `L’organisateur a modifié ${title}, une partie à laquelle vous êtes inscrit :`,
    outro: "Votre place ou votre rang sur la liste d’attente reste le même. Si la partie ne vous convient plus, vous pouvez annuler votre inscription sur sa page, jusqu’à 24 heures avant le début.",
    priceForNew: "Le nouveau prix s’applique aux nouvelles inscriptions : ce que vous avez payé, ou accepté de payer depuis la liste d’attente, reste le même.",
  },
  paymentConfirmed: {
    subject: (title) => `Paiement confirmé : ${title}`,
    intro: (role, title, amount) => `Votre place de ${frRole(role)} dans ${title} est confirmée. Nous avons débité ${amount} sur votre carte.`,
  },
  promoted: {
    subject: (title) => `Vous avez une place : ${title}`,
    intro: (title, role) => `Une place s’est libérée dans ${title} et elle est à vous : vous êtes maintenant sur ${frList(role)}.`,
    charged: (amount) => `Comme vous l’avez accepté en vous inscrivant sur la liste d’attente, nous avons débité ${amount} sur votre carte enregistrée.`,
    free: "Cette partie est gratuite.",
  },
  joined: {
    subject: (title) => `Vous avez une place : ${title}`,
    intro: (title, role) => `Vous avez une place dans ${title} : vous êtes sur ${frList(role)}. Cette partie est gratuite.`,
  },
  promotionFailed: {
    subject: (title) => `Nous n’avons pas pu débiter votre carte pour ${title}`,
    intro: (title, amount, reason) => `Une place s’est libérée dans ${title}, mais votre carte enregistrée n’a pas pu être débitée de ${amount}${reason ? ` : ${reason}` : "."}`,
    released: "La place est allée à la personne suivante sur la liste d’attente, et votre place sur la liste d’attente a été libérée.",
    rejoin: "Pour vous réinscrire, ouvrez la partie et inscrivez-vous de nouveau, avec une autre carte au besoin.",
  },
  lateChargeRefunded: {
    subject: (title) => `Votre paiement pour ${title} est remboursé`,
    intro: (amount, title, gameCancelled) => `Votre paiement de ${amount} pour ${title} est passé après la libération de votre place${gameCancelled ? " (la partie a été annulée)" : ""}.`,
    refund: (amount) => `Nous vous remboursons la totalité, ${amount}, sur votre carte. Il peut falloir de 5 à 10 jours pour qu’il paraisse sur votre relevé.`,
  },
  refund: {
    subject: (title) => `Votre remboursement pour ${title}`,
    intro: (title) => `Vous avez annulé votre inscription à ${title}.`,
    figures: (paid, fee, refund) => `${paid} payés, ${fee} de frais de traitement, ${refund} remboursés sur votre carte. Il peut falloir de 5 à 10 jours pour que ce soit visible sur votre relevé.`,
    earlier: (amount) => `Dont ${amount} déjà remboursés sur votre carte pour les invités que vous avez retirés.`,
  },
  guestRemoved: {
    subject: (name, title) => `${name} ne fait plus partie de votre groupe pour ${title}`,
    intro: (name, title) => `Vous avez retiré ${name} de votre groupe pour ${title}. Sa place est de nouveau ouverte aux autres ; la vôtre et celles de vos autres invités restent les mêmes.`,
    refund: (refund, share, fee) =>
      `${refund} de sa part de ${share} sont remboursés sur votre carte : le processeur de paiement conserve ${fee} de frais de traitement. Il peut falloir de 5 à 10 jours pour que ce soit visible sur votre relevé.`,
    nothing: (name, share) =>
      `Rien n’est remboursé sur votre carte pour ${name} : les frais de traitement que le processeur de paiement conserve sur un remboursement atteignent toute sa part de ${share}.`,
    shareLabel: "Sa part",
    backLabel: "Remboursé sur votre carte",
  },
  sinceGivenUp: "Vous avez depuis renoncé à cette place.",
  sinceCancelled: "La partie a depuis été annulée : le courriel d’annulation indique ce qui revient sur votre carte.",
  policy: {
    tooLate: "Le coup d’envoi est dans moins de 24 heures : cette place ne peut donc plus être annulée.",
    freeCancel: (deadline) => `Vous ne pouvez pas venir ? Annulez sur la page de la partie d’ici le ${deadline} (24 heures avant le coup d’envoi), pour que votre place aille à la personne suivante sur la liste d’attente.`,
    paidCancel: (deadline, refund, paid, fee) =>
      `Vous ne pouvez pas venir ? Annulez sur la page de la partie d’ici le ${deadline} (24 heures avant le coup d’envoi) et vous récupérez ${refund} : les ${paid} payés moins les ${fee} de frais de traitement, que le processeur de paiement conserve. Passé ce délai, la place ne peut plus être annulée.`,
    cancelBy: "Date limite pour annuler",
    refundIfYouCancel: "Remboursement si vous annulez",
    refundFigures: (refund, paid, fee) => `${refund} (${paid} moins ${fee} de frais de traitement)`,
    waitlistTooLatePaid: "Le coup d’envoi est dans moins de 24 heures : cette place et votre accord ne peuvent donc plus être retirés ; une place qui se libère avant le coup d’envoi est débitée.",
    waitlistTooLateFree: "Le coup d’envoi est dans moins de 24 heures : cette place ne peut donc plus être abandonnée ; une place qui se libère avant le coup d’envoi est à vous.",
    withdraw: (paid, deadline, gameUrl) =>
      `${paid ? "Pour retirer votre accord, quittez la liste d’attente" : "Pour abandonner votre place, quittez la liste d’attente"} sur la page de la partie d’ici le ${deadline} (24 heures avant le coup d’envoi) ; ${
        paid ? "passé ce délai, votre place reste, et une place qui se libère avant le coup d’envoi est débitée" : "passé ce délai, votre place reste"
      }. Ouvrir la partie : ${gameUrl}`,
    withdrawBy: "Date limite pour retirer votre accord",
    leaveBy: "Date limite pour quitter la liste",
    laterCancel: (deadline, refund, paid, fee) =>
      `Une fois la place à vous, vous pouvez encore l’annuler d’ici le ${deadline} et récupérer ${refund} (${paid} moins ${fee} de frais de traitement).`,
  },
  waitlist: {
    joined: (role, title) => `Vous vous êtes inscrit sur la liste d’attente de ${frList(role)} de ${title}.`,
    full: (role, title, place) => `${capitalize(frList(role))} de ${title} est complète : vous êtes donc sur sa liste d’attente, au rang ${place}.`,
    placeLabel: "Rang sur la liste d’attente",
    place: (place) => `no ${place}`,
    freeSubject: (title) => `Vous êtes sur la liste d’attente : ${title}`,
    freeAuto: "Si une place se libère avant le coup d’envoi, elle est à vous automatiquement, et nous vous écrirons.",
    paidSubject: (title) => `Votre place sur la liste d’attente et le paiement automatique : ${title}`,
    nothingCharged: (where) => `${where} Rien n’a été débité.`,
    record: (agreedAt) => `Ce courriel est la trace de ce que vous avez accepté le ${agreedAt} :`,
    consent: (amount) => `« J’accepte que ma carte soit débitée automatiquement de ${amount} si une place se libère. »`,
    savedCard: "carte enregistrée",
    autoCharge: (card, amount) =>
      `Si une place se libère avant le coup d’envoi, votre ${card} est débitée de ${amount} sans nouvelle demande, et la place est à vous. Nous vous écrivons dans les deux cas : quand la place est à vous, ou si la carte ne peut pas être débitée (la place va alors à la personne suivante).`,
    chargedIfSpot: "Débité si une place se libère",
    agreedOn: "Accepté le",
  },
  changes: {
    title: "Titre",
    when: "Quand",
    venue: "Lieu",
    mapPin: "Repère sur la carte",
    field: "Terrain",
    notes: "Notes",
    players: "Joueurs",
    playerPrice: "Prix par joueur",
    goalkeepers: "Gardiens de but",
    noMapPin: "aucun repère",
    none: "aucun",
    free: "Gratuit",
    spots: (count) => (count <= 1 ? `${count} place` : `${count} places`),
    noGoalkeepers: "Pas de gardien de but",
    guests: "Invités par joueur",
    noGuests: "aucun",
  },
};

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const REGISTRATION_MAIL_TEXTS: Record<Language, RegistrationMailTexts> = { en, fr };
