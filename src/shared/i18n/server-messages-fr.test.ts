import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type FoundText, scanFile, scanServerMessages } from "./scan-server-messages.ts";
import { SERVER_MESSAGES_FR } from "./server-messages-fr.ts";
import { findTranslation, patternShape, translateMessage } from "./translate-message.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * Files whose texts never leave as an API error message, each with the reason. Everything else the
 * scan finds must have French.
 */
const NOT_API_MESSAGES: Record<string, string> = {
  // Mails: their texts are keys of the "mail" area (src/shared/i18n/catalogs/<language>/mail.ts), a missing French fails the typecheck.
  "src/server/registrations/mails.ts": "mail",
  "src/server/registrations/cancel-policy-text.ts": "mail",
  "src/server/registrations/waitlist-mail.ts": "mail",
  "src/server/registrations/account-deletion-mail.ts": "mail",
  "src/server/auth/account-mails.ts": "mail",
  "src/server/reminders/reminder-mail.ts": "mail",
  "src/server/events/new-event-mail.ts": "mail",
  "src/server/mail/templates.ts": "mail",
  // Said to whoever runs the server (start-up errors, logs), or matched against a driver's errors.
  "src/server/config.ts": "operator",
  "src/server/db/data-dir-lock.ts": "operator",
  "src/server/db/unreachable.ts": "driver's messages, matched",
  "src/server/db/client.ts": "operator",
  "src/server/web/spa.ts": "operator (the web app is not built) and a plain-text 404 page",
  "src/server/mobile/well-known.ts": "a plain-text 404 for the app-link files",
  // Already written per language.
  "src/server/og/og-texts.ts": "per language",
  "src/shared/event-availability.ts": "per language",
  "src/server/og/og-fonts.ts": "a font's name",
  // Data in successful answers and texts of the web app's screens (the web catalogs translate those).
  "src/shared/timeline.ts": "web screen",
  "src/shared/my-registrations.ts": "web screen",
  "src/shared/organizer.ts": "web screen",
  "src/shared/password-rule.ts": "web screen (better-auth answers its own PASSWORD_TOO_SHORT)",
  "src/server/console/list-attention.ts": "data of the console's screen",
  // Files, not messages: the console's CSV exports and the game's .ics.
  "src/server/console/roster-csv.ts": "CSV export",
  "src/server/console/export-payments.ts": "CSV export",
  "src/server/calendar/game-calendar.ts": ".ics file",
};

/** Single texts the scan finds that are not messages, each with the reason. */
const NOT_MESSAGES: Record<string, string> = {
  "Deleted account": "a name in data, shown by the web app",
  "Unknown Location": "a column's default",
  "Coordinated Universal Time": "compared with Intl's output",
  "American Express": "a card brand",
  "No goalkeepers": "describeChanges: the organiser's notice and the change mail (mail texts)",
  "Map pin": "describeChanges label (mail texts)",
  "Player price": "describeChanges label (mail texts)",
  "{} spots": "describeChanges value (mail texts)",
  "Stripe: {}{}": "GatewayUnavailableError's text, logged only",
  "{} has no cents, and prices are kept in cents: use a currency with two decimals ({})": "currencyProblem: a start-up configuration error (config.ts)",
};

function untranslated(found: FoundText[]): string[] {
  const patternShapes = new Set(SERVER_MESSAGES_FR.patterns.map((pattern) => patternShape(pattern.english)));
  return found
    .filter(({ text }) => !Object.hasOwn(NOT_MESSAGES, text))
    .filter(({ text, isTemplate }) => (isTemplate ? !patternShapes.has(text) : findTranslation(text, SERVER_MESSAGES_FR) === undefined))
    .map(({ text, where }) => `${where}: ${JSON.stringify(text)}`);
}

describe("the server's messages in French", () => {
  it("has French for every message the server can send", () => {
    const found = scanServerMessages(ROOT, new Set(Object.keys(NOT_API_MESSAGES)));
    // The scan finds the messages it should (a scan that found nothing would pass anything).
    const texts = new Set(found.map(({ text }) => text));
    for (const known of ["Event not found.", "Too many attempts. Please try again in {} minute{}.", "role must be player or goalkeeper", "Your card was declined."]) {
      expect(texts).toContain(known);
    }
    expect(found.length).toBeGreaterThan(150);
    expect(untranslated(found)).toEqual([]);
  });

  it("reports a message without French, in each place a message is written", () => {
    const source = `
      throw new AppError("rule", "A brand new rule message.");
      const schema = z.string({ error: "lowercase field message" }).min(2, "Too short here.");
      ctx.addIssue({ code: "custom", message: \`At most \${max} widgets.\` });
      export const SOME_MESSAGE = "A constant nobody translated.";
      console.warn("A log line is not a message.");
      throw new Error("Neither is an internal error.");
    `;
    expect(untranslated(scanFile("example.ts", source)).map((line) => line.replace(/^example\.ts:\d+: /, ""))).toEqual([
      '"A brand new rule message."',
      '"lowercase field message"',
      '"Too short here."',
      '"At most {} widgets."',
      '"A constant nobody translated."',
    ]);
  });

  it("has no French left for a message the server no longer sends", () => {
    const found = scanServerMessages(ROOT, new Set(Object.keys(NOT_API_MESSAGES)));
    const texts = new Set(found.map(({ text }) => text));
    const shapes = new Set(found.filter(({ isTemplate }) => isTemplate).map(({ text }) => text));
    // better-auth's messages are written in its package, and labels inside patterns' values are not messages of their own.
    const elsewhere = new Set([
      ...["Invalid email or password", "Email not verified", "Invalid password", "Invalid email", "Password too short", "Password too long"],
      ...["Invalid token", "Token expired", "User already exists.", "User not found", "Email is already verified", "Session expired. Re-authenticate to perform this action."],
      ...["Title", "Field", "Notes", "Message", "The search text contains characters that are not allowed", "Field is required"],
      // Stripe's own decline messages, which only its answers carry.
      ...["Your card's security code is incorrect.", "Your card number is incorrect.", "Your card's expiration month is invalid."],
      ...["Your card's expiration year is invalid.", "Your card does not support this type of purchase.", "An error occurred while processing your card. Try again in a little bit."],
    ]);
    const stale = Object.keys(SERVER_MESSAGES_FR.exact).filter((english) => !texts.has(english) && !elsewhere.has(english));
    expect(stale).toEqual([]);
    const stalePatterns = SERVER_MESSAGES_FR.patterns.map((pattern) => patternShape(pattern.english)).filter((shape) => !shapes.has(shape));
    expect(stalePatterns).toEqual([]);
  });
});

describe("translateMessage", () => {
  const fr = (english: string) => translateMessage(english, SERVER_MESSAGES_FR);

  it("translates exact messages and leaves an unknown one in English", () => {
    expect(fr("Event not found.")).toBe("Partie introuvable.");
    expect(fr("Something nobody wrote.")).toBe("Something nobody wrote.");
  });

  it("writes plurals with French rules", () => {
    expect(fr("Too many attempts. Please try again in 1 minute.")).toBe("Trop de tentatives. Veuillez réessayer dans 1 minute.");
    expect(fr("Too many attempts. Please try again in 15 minutes.")).toBe("Trop de tentatives. Veuillez réessayer dans 15 minutes.");
  });

  it("rewrites amounts the French way and translates values that are messages", () => {
    expect(fr("The price must be free or at least $0.50.")).toBe("Le prix doit être gratuit ou d’au moins 0,50 $.");
    expect(fr("The price must be free or at least €1,234.50.")).toBe("Le prix doit être gratuit ou d’au moins 1 234,50 €.");
    expect(fr("First name is required")).toBe("Le champ « Prénom » est obligatoire");
    expect(fr("This spot was released while you were paying. Your payment went through and is refunded in full.")).toBe(
      "Cette place a été libérée pendant votre paiement. Votre paiement a été accepté et vous est remboursé en entier.",
    );
    expect(fr("You are already on the Goalkeeper Waitlist.")).toBe("Vous êtes déjà sur la liste d’attente des gardiens de but.");
  });
});
