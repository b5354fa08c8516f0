/** The English messages of the "privacy" area (docs/languages.md, "Where texts live"). Every key starts with "privacy.". */
export const messages = {
  "privacy.title": "Privacy Policy",
  "privacy.backToEvents": "Back to Events",
  "privacy.backToLogin": "Back to login",
  // {date} is the policy's effective date, written by Intl in the reader's language.
  "privacy.effective": "Effective date: {date}",

  "privacy.intro.title": "Introduction",
  "privacy.intro.text":
    "{app} helps people organise and join pick-up football games. This policy explains what personal information we collect when you use the {app} website or mobile app, why we collect it, who we share it with and the choices you have. We collect only what we need to run games, take payments and keep your account safe.",

  // A list item is a label in bold followed by its text.
  "privacy.collect.title": "Information We Collect",
  "privacy.collect.account.label": "Account information:",
  "privacy.collect.account.text":
    "your first name, last name and email address, and your password, which we store only as a secure hash.",
  // Only when the server has sign-in providers (GOOGLE_*, OIDC_*); {providers} are their names, "Google or Authentik".
  "privacy.collect.account.providers": "If you sign in with {providers}, we receive your name and email address from that provider, and whether it has verified the address.",
  "privacy.collect.games.label": "Game activity:",
  "privacy.collect.games.text":
    "the games you join as a player or goalkeeper, your place on a waitlist, cancellations and refunds. If you organise games, the details you enter, such as the title, time, location and price.",
  "privacy.collect.payment.label": "Payment information:",
  "privacy.collect.payment.text":
    "card payments are handled by our card payment processor. Your full card number and security code go directly to the processor and never reach our servers. We keep the processor's customer and payment references, and the brand, last four digits and expiry date of saved cards so you can recognise them.",
  "privacy.collect.technical.label": "Technical information:",
  "privacy.collect.technical.text":
    "session cookies that keep you signed in, a cookie that remembers the language you read the app in, one that holds your device's time zone and whether its screen is narrow (so that pages arrive drawn for it, with dates on your clock), the time of your last activity (used to sign you out after 10 minutes of inactivity), and basic request information such as your IP address in our server logs.",
  "privacy.collect.settings.label": "Your settings:",
  "privacy.collect.settings.text": "for example, whether you want an email when a new game is published.",

  "privacy.use.title": "How We Use Your Information",
  "privacy.use.account": "To create and secure your account, verify your email address and let you reset your password.",
  "privacy.use.games": "To register you for games, manage player lists and waitlists, and show you your own games.",
  "privacy.use.payments":
    "To charge you for a spot, charge you automatically when you are moved up from a waitlist, and issue refunds when you or an organiser cancel.",
  "privacy.use.emails":
    "To send you emails about your account and your games, such as verification links, payment confirmations and cancellations, and, unless you turn it off in your profile, news of newly published games.",
  "privacy.use.abuse": "To prevent fraud and abuse, and to fix problems with the service.",
  "privacy.use.noAds": "We do not use your information for advertising and we do not sell it.",

  "privacy.statistics.title": "Usage Statistics",
  "privacy.statistics.intro":
    "To see how people find and use {app}, our own server counts visits; no outside analytics service is involved. For each screen you view, we count:",
  "privacy.statistics.screen":
    "which screen it was (for example the home screen, a game's page or your profile), which game a game page shows, and whether someone was signed in, but never who;",
  "privacy.statistics.referrer": "the site that linked to {app}, by its name only (for example WhatsApp), never the page or message the link was in;",
  "privacy.statistics.device": "the kind of device: phone, tablet or computer;",
  "privacy.statistics.share": "when the Share Event button is used.",
  "privacy.statistics.visitors":
    "To count how many different visitors came each day, your IP address and your browser's description are combined with a random secret that changes every day into a code. The secret is deleted after 2 days; after that nobody, including us, can tell whose code it was or link it to another day. Your IP address and browser description are not stored with the counts.",
  "privacy.statistics.retention":
    "The individual counts are kept for 30 days, then only the daily totals are kept. This uses no cookies, stores nothing on your device and collects no personal data: the counts are not linked to your account.",

  "privacy.sharing.title": "Sharing of Information",
  "privacy.sharing.intro": "We share personal information only as needed to run {app}:",
  "privacy.sharing.players.label": "Other players and organisers:",
  "privacy.sharing.players.text":
    "your name appears on the player lists and waitlists of the games you join. The organiser's name and email address are shown on their games as contact information. Other players never see your email address.",
  "privacy.sharing.providers.label": "Service providers:",
  "privacy.sharing.providers.text":
    "our card payment processor (to take payments and refunds) and our email delivery provider (to send you emails). Map images are loaded from a map tile service, which sees your IP address like any website you visit.",
  // The same, when the server has sign-in providers: {providers} are their names ("Google or Authentik").
  "privacy.sharing.providers.textWithSignIn":
    "our card payment processor (to take payments and refunds), our email delivery provider (to send you emails) and, if you choose to sign in with it, {providers} (to sign you in). Map images are loaded from a map tile service, which sees your IP address like any website you visit.",
  "privacy.sharing.law.label": "When required by law:",
  "privacy.sharing.law.text":
    "if we must disclose information to comply with a legal obligation, or to protect the safety of our users.",

  "privacy.storage.title": "Data Storage and Security",
  "privacy.storage.security":
    "Your information is stored in our database and protected by access controls. Passwords are hashed, the site is served over encrypted connections, and sessions end after 10 minutes of inactivity, or when you close the browser if you did not choose Remember Me.",
  "privacy.storage.retention":
    "We keep your account information for as long as your account exists. When you delete your account, we delete your profile and sign you out everywhere. Records of payments and refunds may be kept by us and by our payment processor for as long as the law requires. No system is perfectly secure, but we work to protect your information and will tell you if a breach affects you.",

  "privacy.children.title": "Children's Privacy",
  "privacy.children.text":
    "{app} is not intended for children under 13. We do not knowingly collect personal information from children under 13 without the consent of a parent or guardian. If you believe a child under 13 has given us personal information without parental consent, contact us and we will delete it.",

  "privacy.rights.title": "Your Rights",
  "privacy.rights.intro": "You are in control of your information:",
  "privacy.rights.access.label": "Access:",
  "privacy.rights.access.text": "your profile shows the information we hold about your account, and Your Events lists the games you have joined.",
  "privacy.rights.update.label": "Update:",
  "privacy.rights.update.text": "you can change your name, email address and password at any time in your profile.",
  "privacy.rights.delete.label": "Delete:",
  "privacy.rights.delete.text":
    "you can delete your account in your profile. This removes your personal information, except payment records we must keep by law.",
  "privacy.rights.emails.label": "Choose your emails:",
  "privacy.rights.emails.text": "you can stop emails about new games in your profile. Emails about your account and your payments are always sent.",
  "privacy.rights.copy": "You can also contact us to ask for a copy of your information or for help with any of these requests.",

  "privacy.contact.title": "Contact Us",
  "privacy.contact.text":
    "If you have a question about this policy or your information, contact the organisers who run this {app} site. Their email address is shown under Contact Information on every game page once you are signed in; if you cannot sign in, ask the organiser of your game.",
  "privacy.contact.changes": "If we change this policy, we will update the effective date above and, for important changes, let you know by email.",
} as const;
