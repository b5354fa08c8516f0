import type { MessageKey } from "./en.ts";

/**
 * French as written in Québec, saying « vous » to the reader (decision 029). A key missing here, or
 * one English does not have, fails the typecheck; catalogs.test.ts checks the same at run time.
 */
export const messages: Record<MessageKey, string> = {
  "shell.skipToContent": "Aller au contenu",
  "header.openMenu": "Ouvrir le menu",
  "header.createEvent": "Créer une partie",
  "header.console": "Console",
  "header.yourEvents": "Vos parties",
  "header.logOut": "Se déconnecter",
  "footer.rights": "© {year} {appName}. Tous droits réservés.",
  "footer.privacy": "Politique de confidentialité",
  "language.label": "Langue",
  "language.en": "English",
  "language.fr": "Français",
  "language.saveFailed": "Impossible d’enregistrer votre langue. Réessayez.",
  "profile.language.title": "Langue",
  "profile.language.label": "Langue de l’application et de vos courriels",
  "profile.language.hint": "L’application et les courriels qu’elle vous envoie utilisent cette langue.",
  "price.free": "Gratuit",
  "duration.hours": "{count, plural, one {# heure} other {# heures}}",
  "duration.minutes": "{count, plural, one {# minute} other {# minutes}}",
  "goalkeepers.none": "Pas de gardiens de but",
  "goalkeepers.count": "{count, plural, one {# gardien de but} other {# gardiens de but}}",
};
