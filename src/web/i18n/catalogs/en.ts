/**
 * The English messages, the source every other language translates (docs/languages.md). ICU message
 * syntax: `{name}` is a value, `{count, plural, one {…} other {…}}` a plural. The build compiles this
 * file (vite.config.ts, `compiledCatalogs`), so the browser gets no message parser.
 */
export const messages = {
  "shell.skipToContent": "Skip to content",
  "header.openMenu": "Open menu",
  "header.createEvent": "Create New Event",
  "header.console": "Console",
  "header.yourEvents": "Your Events",
  "header.logOut": "Log Out",
  "footer.rights": "© {year} {appName}. All rights reserved.",
  "footer.privacy": "Privacy Policy",
  "language.label": "Language",
  "language.en": "English",
  "language.fr": "Français",
  "language.saveFailed": "Could not save your language. Try again.",
  "profile.language.title": "Language",
  "profile.language.label": "Language of the app and your e-mails",
  "profile.language.hint": "The app and the e-mails it sends you use this language.",
  "price.free": "Free",
  "duration.hours": "{count, plural, one {# hour} other {# hours}}",
  "duration.minutes": "{count, plural, one {# minute} other {# minutes}}",
  "goalkeepers.none": "No goalkeepers",
  "goalkeepers.count": "{count, plural, one {# goalkeeper} other {# goalkeepers}}",
} as const;

export type MessageKey = keyof typeof messages;
