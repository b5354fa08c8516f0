/* global addEventListener, postMessage, close */
// A worker started by /boot.js on a page the server rendered (docs/server-rendering.md, "What boot.js
// does meanwhile"). The first Intl object a page makes, of any kind, loads the locale data the kinds
// share: 40-60 ms in one piece on a slow machine, a long task on a phone. That data is the process's,
// not the thread's (ICU keeps what it has loaded for every thread of the page's renderer), so it is
// loaded here, off the main thread, while the page's modules download; the screen's first dates and
// prices then cost what any later one does. Told the page's language ("en-CA"); English dates and
// prices are written in US English (INTL_LOCALES, src/shared/language.ts), whose own data is readied
// too. Says "warm" and ends.
addEventListener("message", ({ data }) => {
  const asked = Array.isArray(data?.locales) ? data.locales.filter((locale) => typeof locale === "string") : [];
  const locales = asked.flatMap((locale) => (locale.startsWith("en") && locale !== "en-US" ? [locale, "en-US"] : [locale]));
  for (const locale of locales) {
    try {
      new Intl.Locale(locale).maximize();
      new Intl.PluralRules(locale).select(1);
      new Intl.NumberFormat(locale, { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol" }).format(1);
      new Intl.NumberFormat(locale).format(1.5);
      new Intl.DateTimeFormat(locale, { weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }).format(0);
      new Intl.DateTimeFormat(locale, { timeZoneName: "long" }).formatToParts(0);
    } catch {
      // An older browser without one of these: the page makes what it needs itself, as it would anyway.
    }
  }
  postMessage("warm");
  close();
});
