import type { messages as english } from "#shared/i18n/catalogs/en/privacy.ts";

/**
 * The French of the "privacy" area: the privacy policy, translated faithfully (Québec French, « vous »,
 * « renseignements personnels »). The labels it quotes are the French screens' own.
 */
export const messages: Record<keyof typeof english, string> = {
  "privacy.title": "Politique de confidentialité",
  "privacy.backToEvents": "Retour aux parties",
  "privacy.backToLogin": "Retour à la connexion",
  "privacy.effective": "Date d’entrée en vigueur : {date}",

  "privacy.intro.title": "Introduction",
  "privacy.intro.text":
    "{app} aide les gens à organiser des parties de soccer amicales et à s’y inscrire. La présente politique explique quels renseignements personnels nous recueillons lorsque vous utilisez le site Web ou l’application mobile {app}, pourquoi nous les recueillons, avec qui nous les communiquons et quels choix s’offrent à vous. Nous ne recueillons que ce dont nous avons besoin pour organiser les parties, percevoir les paiements et protéger votre compte.",

  "privacy.collect.title": "Renseignements que nous recueillons",
  "privacy.collect.account.label": "Renseignements sur le compte :",
  "privacy.collect.account.text":
    "vos prénom, nom et adresse courriel, ainsi que votre mot de passe, que nous conservons uniquement sous forme de hachage sécurisé.",
  "privacy.collect.account.providers": "Si vous vous connectez avec {providers}, nous recevons de ce fournisseur votre nom et votre adresse courriel, et s’il a confirmé l’adresse.",
  "privacy.collect.games.label": "Activité de jeu :",
  "privacy.collect.games.text":
    "les parties auxquelles vous vous inscrivez comme joueur ou gardien de but, votre rang sur une liste d’attente, vos annulations et vos remboursements. Si vous organisez des parties, les détails que vous entrez, comme le titre, l’heure, le lieu et le prix.",
  "privacy.collect.payment.label": "Renseignements de paiement :",
  "privacy.collect.payment.text":
    "les paiements par carte sont traités par notre processeur de paiement. Le numéro complet de votre carte et son code de sécurité sont transmis directement au processeur et n’atteignent jamais nos serveurs. Nous conservons les références de client et de paiement du processeur, ainsi que la marque, les quatre derniers chiffres et la date d’expiration des cartes enregistrées, pour que vous puissiez les reconnaître.",
  "privacy.collect.technical.label": "Renseignements techniques :",
  "privacy.collect.technical.text":
    "les témoins (cookies) de session qui vous gardent connecté, un témoin qui retient la langue dans laquelle vous lisez l’application, un autre qui garde le fuseau horaire de votre appareil et la largeur de son écran (pour que les pages arrivent dessinées pour lui, avec les dates à votre heure), l’heure de votre dernière activité (qui sert à vous déconnecter après 10 minutes d’inactivité) et des renseignements de base sur les requêtes, comme votre adresse IP, dans les journaux de notre serveur.",
  "privacy.collect.settings.label": "Vos paramètres :",
  "privacy.collect.settings.text": "par exemple, si vous souhaitez recevoir un courriel quand une nouvelle partie est publiée.",

  "privacy.use.title": "Comment nous utilisons vos renseignements",
  "privacy.use.account":
    "Pour créer et sécuriser votre compte, vérifier votre adresse courriel et vous permettre de réinitialiser votre mot de passe.",
  "privacy.use.games":
    "Pour vous inscrire aux parties, gérer les listes de joueurs et les listes d’attente, et vous montrer vos propres parties.",
  "privacy.use.payments":
    "Pour vous faire payer une place, vous facturer automatiquement quand vous passez de la liste d’attente à une place, et vous rembourser quand vous ou un organisateur annulez.",
  "privacy.use.emails":
    "Pour vous envoyer des courriels sur votre compte et vos parties, comme les liens de vérification, les confirmations de paiement et les annulations, ainsi que, à moins que vous ne les désactiviez dans votre profil, les annonces de nouvelles parties.",
  "privacy.use.abuse": "Pour prévenir la fraude et les abus, et pour corriger les problèmes du service.",
  "privacy.use.noAds": "Nous n’utilisons pas vos renseignements à des fins publicitaires et nous ne les vendons pas.",

  "privacy.statistics.title": "Statistiques d’utilisation",
  "privacy.statistics.intro":
    "Pour savoir comment les gens découvrent et utilisent {app}, notre propre serveur compte les visites ; aucun service d’analyse externe n’intervient. Pour chaque écran que vous consultez, nous comptons :",
  "privacy.statistics.screen":
    "de quel écran il s’agit (par exemple l’écran d’accueil, la page d’une partie ou votre profil), quelle partie une page de partie affiche, et si la personne était connectée, mais jamais qui elle est ;",
  "privacy.statistics.referrer":
    "le site qui a mené à {app}, par son nom seulement (par exemple WhatsApp), jamais la page ou le message où se trouvait le lien ;",
  "privacy.statistics.device": "le type d’appareil : téléphone, tablette ou ordinateur ;",
  "privacy.statistics.share": "l’utilisation du bouton « Partager la partie ».",
  "privacy.statistics.visitors":
    "Pour compter combien de visiteurs différents sont venus chaque jour, votre adresse IP et la description de votre navigateur sont combinées à un secret aléatoire, qui change chaque jour, pour former un code. Le secret est supprimé après 2 jours ; par la suite, personne, nous y compris, ne peut savoir à qui appartenait ce code ni le relier à un autre jour. Votre adresse IP et la description de votre navigateur ne sont pas conservées avec les décomptes.",
  "privacy.statistics.retention":
    "Les décomptes individuels sont conservés pendant 30 jours ; seuls les totaux quotidiens sont conservés par la suite. Ce comptage n’utilise aucun témoin, n’enregistre rien sur votre appareil et ne recueille aucun renseignement personnel : les décomptes ne sont pas liés à votre compte.",

  "privacy.sharing.title": "Communication des renseignements",
  "privacy.sharing.intro": "Nous ne communiquons des renseignements personnels que dans la mesure nécessaire au fonctionnement de {app} :",
  "privacy.sharing.players.label": "Autres joueurs et organisateurs :",
  "privacy.sharing.players.text":
    "votre nom figure sur les listes de joueurs et les listes d’attente des parties auxquelles vous vous inscrivez. Le nom et l’adresse courriel de l’organisateur sont affichés sur ses parties comme coordonnées. Les autres joueurs ne voient jamais votre adresse courriel.",
  "privacy.sharing.providers.label": "Fournisseurs de services :",
  "privacy.sharing.providers.text":
    "notre processeur de paiement par carte (pour percevoir les paiements et effectuer les remboursements) et notre fournisseur d’envoi de courriels (pour vous envoyer des courriels). Les images des cartes géographiques proviennent d’un service de tuiles cartographiques, qui voit votre adresse IP comme tout site Web que vous visitez.",
  "privacy.sharing.providers.textWithSignIn":
    "notre processeur de paiement par carte (pour percevoir les paiements et effectuer les remboursements), notre fournisseur d’envoi de courriels (pour vous envoyer des courriels) et, si vous choisissez de vous connecter avec lui, {providers} (pour vous connecter). Les images des cartes géographiques proviennent d’un service de tuiles cartographiques, qui voit votre adresse IP comme tout site Web que vous visitez.",
  "privacy.sharing.law.label": "Lorsque la loi l’exige :",
  "privacy.sharing.law.text":
    "si nous devons communiquer des renseignements pour respecter une obligation légale, ou pour protéger la sécurité de nos utilisateurs.",

  "privacy.storage.title": "Conservation et sécurité des données",
  "privacy.storage.security":
    "Vos renseignements sont conservés dans notre base de données et protégés par des contrôles d’accès. Les mots de passe sont hachés, le site est servi par des connexions chiffrées, et les sessions prennent fin après 10 minutes d’inactivité, ou à la fermeture du navigateur si vous n’avez pas coché « Se souvenir de moi ».",
  "privacy.storage.retention":
    "Nous conservons les renseignements de votre compte tant que celui-ci existe. Lorsque vous supprimez votre compte, nous supprimons votre profil et vous déconnectons partout. Les relevés de paiements et de remboursements peuvent être conservés par nous et par notre processeur de paiement aussi longtemps que la loi l’exige. Aucun système n’est parfaitement sûr, mais nous nous efforçons de protéger vos renseignements et nous vous avertirons si une atteinte à la sécurité vous concerne.",

  "privacy.children.title": "Protection des renseignements des enfants",
  "privacy.children.text":
    "{app} ne s’adresse pas aux enfants de moins de 13 ans. Nous ne recueillons pas sciemment de renseignements personnels auprès d’enfants de moins de 13 ans sans le consentement d’un parent ou d’un tuteur. Si vous croyez qu’un enfant de moins de 13 ans nous a fourni des renseignements personnels sans le consentement de ses parents, communiquez avec nous et nous les supprimerons.",

  "privacy.rights.title": "Vos droits",
  "privacy.rights.intro": "Vous gardez la maîtrise de vos renseignements :",
  "privacy.rights.access.label": "Accès :",
  "privacy.rights.access.text":
    "votre profil montre les renseignements que nous détenons sur votre compte, et « Vos parties » énumère les parties auxquelles vous vous êtes inscrit.",
  "privacy.rights.update.label": "Mise à jour :",
  "privacy.rights.update.text": "vous pouvez modifier votre nom, votre adresse courriel et votre mot de passe en tout temps dans votre profil.",
  "privacy.rights.delete.label": "Suppression :",
  "privacy.rights.delete.text":
    "vous pouvez supprimer votre compte dans votre profil. Cela efface vos renseignements personnels, sauf les relevés de paiement que la loi nous oblige à conserver.",
  "privacy.rights.emails.label": "Choix des courriels :",
  "privacy.rights.emails.text":
    "vous pouvez cesser de recevoir les courriels sur les nouvelles parties dans votre profil. Les courriels concernant votre compte et vos paiements sont toujours envoyés.",
  "privacy.rights.copy":
    "Vous pouvez aussi communiquer avec nous pour demander une copie de vos renseignements ou pour obtenir de l’aide avec l’une ou l’autre de ces demandes.",

  "privacy.contact.title": "Nous joindre",
  "privacy.contact.text":
    "Si vous avez une question sur la présente politique ou sur vos renseignements, communiquez avec les organisateurs qui gèrent ce site {app}. Leur adresse courriel figure sous « Coordonnées » sur chaque page de partie une fois que vous êtes connecté ; si vous ne pouvez pas vous connecter, adressez-vous à l’organisateur de votre partie.",
  "privacy.contact.changes":
    "Si nous modifions la présente politique, nous mettrons à jour la date d’entrée en vigueur ci-dessus et, pour les changements importants, nous vous en informerons par courriel.",
};
