import type { messages as english } from "#shared/i18n/catalogs/en/shell.ts";

/**
 * The French of the "shell" area, as written in Québec, saying « vous » to the reader (decision 029).
 * A key missing here, or one English does not have, fails the typecheck; catalogs.test.ts checks the
 * same at run time.
 */
export const messages: Record<keyof typeof english, string> = {
  "shell.skipToContent": "Aller au contenu",
  "shell.header.openMenu": "Ouvrir le menu",
  "shell.header.createEvent": "Créer une partie",
  "shell.header.console": "Console",
  "shell.header.yourEvents": "Vos parties",
  "shell.header.logOut": "Se déconnecter",
  "shell.footer.rights": "© {year} {appName}. Tous droits réservés.",
  "shell.footer.privacy": "Politique de confidentialité",
  "shell.language.label": "Langue",
  "shell.language.en": "English",
  "shell.language.fr": "Français",
  "shell.language.saveFailed": "Impossible d’enregistrer votre langue. Réessayez.",
  "shell.price.free": "Gratuit",
  "shell.duration.hours": "{count, plural, one {# heure} other {# heures}}",
  "shell.duration.minutes": "{count, plural, one {# minute} other {# minutes}}",
  "shell.goalkeepers.none": "Pas de gardiens de but",
  "shell.goalkeepers.count": "{count, plural, one {# gardien de but} other {# gardiens de but}}",
  "shell.loading": "Chargement…",
  "shell.gettingReady": "Un instant, la page se prépare…",
  "shell.retry": "Réessayer",
  "shell.backToEvents": "Retour aux parties",
  "shell.loggedIn": "Connexion réussie !",
  "shell.loggedOut": "Déconnexion réussie",
  "shell.closeNotice": "Fermer la notification",
  "shell.failed.title": "Un problème est survenu",
  "shell.failed.text": "Une erreur inattendue est survenue. Rechargez la page et réessayez.",
  "shell.dialog.cancel": "Annuler",
  "shell.dialog.confirm": "Confirmer",
  "shell.dialog.busy": "Traitement en cours…",
  "shell.offline": "Hors ligne",
  "shell.offline.since": "Hors ligne — voici ce que vous avez vu à {time}",
  "shell.offline.needsConnection": "Vous êtes hors ligne. Cette action nécessite une connexion : réessayez une fois de retour en ligne.",
  "shell.update.ready": "Une nouvelle version est disponible —",
  "shell.update.reload": "Recharger",
  "shell.api.unreachable": "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
  "shell.api.unexpected": "Une erreur inattendue est survenue.",
  "shell.api.unknown": "Une erreur inconnue est survenue.",
  "shell.exitApp": "Voulez-vous vraiment quitter l’application ?",
  "shell.notFound.title": "Page introuvable",
  "shell.notFound.text": "La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse ou retournez aux parties.",
};
