import type { MessageDictionary, MessagePattern } from "./translate-message.ts";

/**
 * The server's messages in French (Canada), keyed by their exact English text (the constants of
 * src/shared and src/server, the zod schemas' messages, better-auth's answers we pass on). Pure
 * data: the server translates its error answers with it (http/errors.ts), and the web app can load
 * it to translate a shared schema's message before a form is sent. « vous », Québec's football
 * words, a space before « : ; ! ? », typographic apostrophe.
 *
 * Adding a message on the server: add its English and French here (or a pattern below when it is
 * built with values); `server-messages-fr.test.ts` finds every message in the sources and fails
 * for one without French.
 */
const exact: Record<string, string> = {
  // The request itself (http/, app.ts)
  "An unexpected error occurred.": "Une erreur inattendue s’est produite.",
  "The local mailbox is only served to this machine (open it on localhost).": "La boîte aux lettres locale n’est servie qu’à cet ordinateur (ouvrez-la sur localhost).",
  "The request contains characters that are not allowed.": "La requête contient des caractères non permis.",

  // Accounts and signing in (auth/, shared/account.ts)
  "Use the profile page to change your name.": "Utilisez la page Profil pour changer votre nom.",
  "Enter your current password to delete your account.": "Entrez votre mot de passe actuel pour supprimer votre compte.",
  "For your security, sign in again with Google, then delete your account within 5 minutes.":
    "Pour votre sécurité, reconnectez-vous avec Google, puis supprimez votre compte dans les 5 minutes.",
  "Current password is required": "Le mot de passe actuel est obligatoire",
  "Enter a valid email address": "Entrez une adresse courriel valide",
  "First name": "Prénom",
  "Last name": "Nom",
  // better-auth's own answers on the flows the app uses (@better-auth/core's BASE_ERROR_CODES)
  "Invalid email or password": "Adresse courriel ou mot de passe incorrect",
  "Email not verified": "Adresse courriel non confirmée",
  "Invalid password": "Mot de passe incorrect",
  "Invalid email": "Adresse courriel non valide",
  "Password too short": "Mot de passe trop court",
  "Password too long": "Mot de passe trop long",
  "Invalid token": "Lien non valide",
  "Token expired": "Lien expiré",
  "User already exists.": "Un compte existe déjà.",
  "User not found": "Compte introuvable",
  "Email is already verified": "L’adresse courriel est déjà confirmée",
  "Session expired. Re-authenticate to perform this action.": "Session expirée. Reconnectez-vous pour faire cette action.",

  // Games (events/, shared/events.ts)
  "Event not found.": "Partie introuvable.",
  "All fields are required": "Tous les champs sont obligatoires",
  "Date must be after todays date": "La date doit être postérieure à aujourd’hui",
  "Enter a valid date": "Entrez une date valide",
  "Enter a valid time": "Entrez une heure valide",
  "Title is too long": "Le titre est trop long",
  "Unknown time zone": "Fuseau horaire inconnu",
  "Unknown time zone.": "Fuseau horaire inconnu.",
  "Duration hours must be 0 or more": "Les heures de durée doivent être 0 ou plus",
  "Duration minutes must be between 0 and 59": "Les minutes de durée doivent être entre 0 et 59",
  "The duration must be longer than 0 minutes": "La durée doit être de plus de 0 minute",
  "The duration must be 24 hours or less": "La durée doit être de 24 heures ou moins",
  "The venue's name is too long": "Le nom du lieu est trop long",
  "Give both latitude and longitude, or neither.": "Donnez la latitude et la longitude, ou ni l’une ni l’autre.",
  "Latitude must be between -90 and 90.": "La latitude doit être entre -90 et 90.",
  "Longitude must be between -180 and 180.": "La longitude doit être entre -180 et 180.",
  "Cost must be an amount like 10 or 12.50": "Le prix doit être un montant comme 10 ou 12,50",
  "Goalkeeper cost must be an amount like 10 or 12.50": "Le prix pour les gardiens de but doit être un montant comme 10 ou 12,50",
  "Max players must be at least 1": "Le nombre maximal de joueurs doit être d’au moins 1",
  "Max goalkeepers must be at least 1": "Le nombre maximal de gardiens de but doit être d’au moins 1",
  "Event cancelled, and all users refunded.": "Partie annulée, et tous les joueurs remboursés.",
  "Failed to cancel the event.": "La partie n’a pas pu être annulée.",
  // Labels named in "… contains characters that are not allowed" and the name fields' messages
  Title: "Titre",
  "Event Location": "Lieu",
  Field: "Terrain",
  Notes: "Notes",
  Message: "Message",
  "The search text": "Le texte de recherche",
  "The search text contains characters that are not allowed": "Le texte de recherche contient des caractères non permis",

  // Places (places/)
  "Place search is unavailable right now. Try again, or pick a venue used before.":
    "La recherche de lieux est indisponible pour le moment. Réessayez, ou choisissez un lieu déjà utilisé.",

  // Registrations and payments (registrations/, payments/, shared/registrations.ts)
  "Only this series' regulars can join before registration opens.": "Seuls les habitués de cette série peuvent s’inscrire avant l’ouverture des inscriptions.",
  "The spots for regulars are taken. The others open to everyone when registration opens.":
    "Les places réservées aux habitués sont prises. Les autres s’ouvrent à tous à l’ouverture des inscriptions.",

  // +1 guests (registrations/, shared/guests.ts)
  "Give each guest a first name.": "Donnez un prénom à chaque invité.",
  "A guest's name contains characters that are not allowed.": "Le nom d’un invité contient des caractères non permis.",
  "This game does not take guests.": "Cette partie n’accepte pas d’invités.",
  "Guests can only join as players.": "Les invités ne peuvent s’inscrire que comme joueurs.",
  "This guest is not in your party.": "Cet invité ne fait pas partie de votre groupe.",
  "Your party is larger than this game.": "Votre groupe est plus nombreux que les places de cette partie.",
  "You can bring at most 1 guest to this game.": "Vous pouvez amener au plus 1 invité à cette partie.",

  // Weekly series (series/, shared/series.ts)
  "Enter the date of the last game": "Entrez la date de la dernière partie",
  "The games a regular played must be between 1 and the games counted": "Le nombre de parties jouées par un habitué doit être entre 1 et le nombre de parties comptées",
  "The last date must be on or after the first game's date": "La dernière date doit être le jour de la première partie ou après",
  "Choose this game, or this and the following games": "Choisissez cette partie, ou cette partie et les suivantes",
  "This event was cancelled while you were paying.": "Cette partie a été annulée pendant votre paiement.",
  "This spot was released while you were paying.": "Cette place a été libérée pendant votre paiement.",
  "You can only cancel your registration up to 24 hours before the event.": "Vous pouvez annuler votre inscription jusqu’à 24 heures avant la partie seulement.",
  "Please select a saved payment method.": "Veuillez choisir un mode de paiement enregistré.",
  "Please agree to be charged automatically if a spot frees up.": "Veuillez accepter d’être débité automatiquement si une place se libère.",
  "Payment failed. Please try again.": "Le paiement a échoué. Veuillez réessayer.",
  "Failed to initialize payment.": "Le paiement n’a pas pu être amorcé.",
  "Refund successful!": "Remboursement effectué !",
  "role must be player or goalkeeper": "role doit être player ou goalkeeper",
  "Card details are missing.": "Les renseignements de la carte sont manquants.",
  "Failed to save the card.": "La carte n’a pas pu être enregistrée.",
  "Your card number is invalid.": "Le numéro de votre carte n’est pas valide.",
  "Your card's expiration date is invalid.": "La date d’expiration de votre carte n’est pas valide.",
  "Your card has expired.": "Votre carte est expirée.",
  "Your card's security code is invalid.": "Le code de sécurité de votre carte n’est pas valide.",
  "The payment could not be made with this card.": "Le paiement n’a pas pu être fait avec cette carte.",
  "The payment was not completed in time.": "Le paiement n’a pas été terminé à temps.",
  "Not charged: the spot was released first.": "Non débité : la place avait déjà été libérée.",
  "No charge associated with this payment intent": "Aucun paiement n’est associé à cette intention de paiement",
  "This charge cannot be refunded.": "Ce paiement ne peut pas être remboursé.",
  "The refund could not be completed.": "Le remboursement n’a pas pu être effectué.",
  "The refund would exceed the amount charged.": "Le remboursement dépasserait le montant débité.",
  "The refund failed.": "Le remboursement a échoué.",
  // The card processor's decline messages (Stripe's texts, which the simulated processor also uses)
  "Your card was declined.": "Votre carte a été refusée.",
  "Your card has insufficient funds.": "Les fonds de votre carte sont insuffisants.",
  "Your card was declined. This transaction requires authentication.": "Votre carte a été refusée. Cette transaction demande une authentification.",
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.":
    "Nous ne pouvons pas authentifier votre mode de paiement. Veuillez choisir un autre mode de paiement et réessayer.",
  "The payment was canceled.": "Le paiement a été annulé.",
  "Your card's security code is incorrect.": "Le code de sécurité de votre carte est incorrect.",
  "Your card number is incorrect.": "Le numéro de votre carte est incorrect.",
  "Your card's expiration month is invalid.": "Le mois d’expiration de votre carte n’est pas valide.",
  "Your card's expiration year is invalid.": "L’année d’expiration de votre carte n’est pas valide.",
  "Your card does not support this type of purchase.": "Votre carte ne permet pas ce type d’achat.",
  "An error occurred while processing your card. Try again in a little bit.": "Une erreur s’est produite pendant le traitement de votre carte. Réessayez dans un moment.",

  // Check-in (shared/check-in.ts)
  "Check-in opens 60 minutes before kick-off.": "La prise des présences ouvre 60 minutes avant le coup d’envoi.",
  "Check-in closed 6 hours after the game ended.": "La prise des présences a fermé 6 heures après la fin de la partie.",
  "This game was cancelled: there is nobody to check in.": "Cette partie a été annulée : il n’y a personne à pointer.",
  "Only players and goalkeepers with a confirmed spot can be checked in.": "Seuls les joueurs et gardiens de but qui ont une place confirmée peuvent être pointés.",
  "This player is not on this game's list.": "Ce joueur n’est pas sur la liste de cette partie.",
  "The rest can be marked as no-show from kick-off.": "Les autres peuvent être marqués absents dès le coup d’envoi.",
  "No-shows can only be marked or undone until 24 hours after the game ends.": "Les absences peuvent être marquées ou annulées jusqu’à 24 heures après la fin de la partie seulement.",
  "checkedIn must be true or false": "checkedIn doit valoir true ou false",

  // Teams and results (teams/, shared/teams.ts, shared/teams-schemas.ts)
  "No bibs": "Sans dossards",
  "Orange bibs": "Dossards orange",
  "Blue bibs": "Dossards bleus",
  "Yellow bibs": "Dossards jaunes",
  "Teams can be made from 60 minutes before kick-off.": "Les équipes peuvent être formées à partir de 60 minutes avant le coup d’envoi.",
  "This game was cancelled: there are no teams to make.": "Cette partie a été annulée : il n’y a pas d’équipes à former.",
  "The result can be entered once the game has kicked off.": "Le résultat peut être entré une fois la partie commencée.",
  "Publish the teams before entering the result.": "Publiez les équipes avant d’entrer le résultat.",
  "There are not enough players for these teams: each team needs at least 2.": "Il n’y a pas assez de joueurs pour ces équipes : chaque équipe en demande au moins 2.",
  "Every player in a team must have a confirmed spot in this game.": "Chaque joueur d’une équipe doit avoir une place confirmée dans cette partie.",
  "A player is in two teams, or twice in one.": "Un joueur est dans deux équipes, ou deux fois dans la même.",
  "The teams' sizes must differ by at most one.": "La taille des équipes doit différer d’un joueur au plus.",
  "Goalkeepers must be spread one per team.": "Les gardiens de but doivent être répartis un par équipe.",
  "A locked player must stay in the team they are locked to.": "Un joueur verrouillé doit rester dans l’équipe à laquelle il est verrouillé.",
  "Every player must be in a team.": "Chaque joueur doit être dans une équipe.",
  "A score names a team that does not exist.": "Un pointage désigne une équipe qui n’existe pas.",
  "A score is between two different teams.": "Un pointage oppose deux équipes différentes.",
  "A player's id is not valid.": "L’identifiant d’un joueur n’est pas valide.",
  "A team must be given by its number.": "Une équipe doit être donnée par son numéro.",
  "Locks must name players and their teams.": "Les verrous doivent désigner des joueurs et leurs équipes.",
  "Teams must be lists of players.": "Les équipes doivent être des listes de joueurs.",
  "publish must be true or false": "publish doit valoir true ou false",
  "Enter at least one score.": "Entrez au moins un pointage.",
  "A guest in these teams was removed from their player's party.": "Un invité de ces équipes a été retiré du groupe de son joueur.",
  "A guest in these teams came with a player who no longer has a confirmed spot.": "Un invité de ces équipes est venu avec un joueur qui n’a plus de place confirmée.",
  "A guest plays only once the player who brought them is checked in.": "Un invité ne joue qu’une fois marqué présent le joueur qui l’a amené.",
  "A guest has no account, so no rating: they play at the default rating.": "Un invité n’a pas de compte, donc pas d’évaluation : il joue avec l’évaluation par défaut.",

  // Calendar, analytics and the console
  "gameReminders must be true or false": "gameReminders doit valoir true ou false",
  "must be a path of the app": "doit être un chemin de l’application",
  "must be a host name": "doit être un nom d’hôte",
  "Enter the start date as YYYY-MM-DD.": "Entrez la date de début au format AAAA-MM-JJ.",
  "Enter the end date as YYYY-MM-DD.": "Entrez la date de fin au format AAAA-MM-JJ.",
  "The end date must not be before the start date.": "La date de fin ne doit pas précéder la date de début.",
  "Choose a period of at most two years.": "Choisissez une période de deux ans au plus.",
};

/** Messages built with values, each written once; the first whose English matches is used. */
const patterns: MessagePattern[] = [
  {
    english: "Too many attempts. Please try again in {minutes} minute{s}.",
    translation: "Trop de tentatives. Veuillez réessayer dans {minutes, plural, one {# minute} other {# minutes}}.",
  },
  { english: "{label} is required", translation: "Le champ « {label, message} » est obligatoire" },
  { english: "{label} is too long", translation: "Le champ « {label, message} » est trop long" },
  { english: "{label} contains characters that are not allowed", translation: "Le champ « {label, message} » contient des caractères non permis" },
  { english: "Max players must be at most {max}", translation: "Le nombre maximal de joueurs doit être d’au plus {max}" },
  { english: "Max goalkeepers must be at most {max}", translation: "Le nombre maximal de gardiens de but doit être d’au plus {max}" },
  { english: "A guest's name must be at most {max} characters.", translation: "Le nom d’un invité doit compter au plus {max} caractères." },
  { english: "You can bring at most {max} guests to this game.", translation: "Vous pouvez amener au plus {max} invités à cette partie." },
  { english: "Guests per player must be between 0 and {max}", translation: "Le nombre d’invités par joueur doit être entre 0 et {max}" },
  { english: "A series can last at most {days} days: create another one after it", translation: "Une série peut durer au plus {days} jours : créez-en une autre après elle" },
  { english: "The number of games must be between 1 and {max}", translation: "Le nombre de parties doit être entre 1 et {max}" },
  { english: "The regulars' head start must be between {min} and {max} hours", translation: "L’avance des habitués doit être entre {min} et {max} heures" },
  { english: "Count between 1 and {max} of the last games", translation: "Comptez entre 1 et {max} des dernières parties" },
  { english: "The regulars' share must be between {min} % and {max} % of the spots", translation: "La part des habitués doit être entre {min} % et {max} % des places" },
  {
    english: "Registration must open between {min} and {max} days before kick-off",
    translation: "Les inscriptions doivent ouvrir entre {min} et {max} jours avant le début de la partie",
  },
  { english: "Notes must be at most {max} characters", translation: "Les notes doivent compter au plus {max} caractères" },
  { english: "The message must be at most {max} characters", translation: "Le message doit compter au plus {max} caractères" },
  { english: "The price must be free or at least {amount}.", translation: "Le prix doit être gratuit ou d’au moins {amount, money}." },
  { english: "You are already on the {list} Waitlist.", translation: "Vous êtes déjà sur la liste d’attente des {list, select, Player {joueurs} other {gardiens de but}}." },
  { english: "You have been successfully added to the {list} Waitlist!", translation: "Vous êtes maintenant sur la liste d’attente des {list, select, Player {joueurs} other {gardiens de but}} !" },
  { english: "You have been successfully added to the {list} List!", translation: "Vous êtes maintenant sur la liste des {list, select, Player {joueurs} other {gardiens de but}} !" },
  { english: "{reason} Your payment went through and is refunded in full.", translation: "{reason, message} Votre paiement a été accepté et vous est remboursé en entier." },
  { english: "I agree that my card will be charged {price} automatically if a spot frees up.", translation: "J’accepte que ma carte soit débitée automatiquement de {price, money} si une place se libère." },
  {
    english: "The price of this game changed to {price}. Please review it and try again.",
    translation: "Le prix de cette partie est passé à {price, money}. Vérifiez-le et réessayez.",
  },
  { english: "The refund {outcome}{reason}.", translation: "Le remboursement {outcome, select, failed {a échoué} other {a été annulé}}{reason}." },
  { english: "The number of teams must be from {min} to {max}.", translation: "Le nombre d’équipes doit être de {min} à {max}." },
  { english: "A score is a whole number from 0 to {max}.", translation: "Un pointage est un nombre entier de 0 à {max}." },
  { english: "At most {max} short games in one result.", translation: "Au plus {max} mini-parties dans un même résultat." },
  { english: "A rough rating is {min} to {max} stars.", translation: "Une évaluation approximative va de {min} à {max} étoiles." },
  { english: "Team {number}", translation: "Équipe {number}" },
];

export const SERVER_MESSAGES_FR: MessageDictionary = { locale: "fr-CA", exact, patterns };
