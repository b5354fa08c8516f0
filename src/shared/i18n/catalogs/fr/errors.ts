import type { messages as english } from "#shared/i18n/catalogs/en/errors.ts";

/** The French of the "errors" area: « vous », Québec's football words, a space before « : ; ! ? », typographic apostrophe (docs/languages.md). */
export const messages: Record<keyof typeof english, string> = {
  "errors.request.invalidInput": "Données non valides.",
  "errors.request.badRequest": "Requête non valide.",
  "errors.request.unexpected": "Une erreur inattendue s’est produite.",
  "errors.request.incomplete": "La requête n’a pas été reçue en entier.",
  "errors.request.unavailable": "Le service est momentanément indisponible. Veuillez réessayer sous peu.",
  "errors.request.jsonContentType": "Le corps de la requête doit être en JSON (Content-Type: application/json).",
  "errors.request.json": "Le corps de la requête doit être en JSON.",
  "errors.request.tooLarge": "La requête est trop volumineuse.",
  "errors.request.notFound": "Introuvable.",
  "errors.request.otherSite": "Cette requête n’est pas permise depuis un autre site.",
  "errors.request.gameId": "L’identifiant de la partie n’est pas valide.",
  "errors.request.registrationId": "L’identifiant de l’inscription n’est pas valide.",
  "errors.request.page": "page doit être un nombre entier",
  "errors.request.scope": "scope doit être upcoming ou completed",
};
