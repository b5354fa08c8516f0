import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountDeletionGame } from "#shared/registrations.ts";
import { deletionOutcomeText } from "#web/features/account/deletion-outcome.ts";
import { messageAround } from "./message-around.ts";
import { AuthProvider } from "#web/lib/auth.tsx";
import RegisterScreen from "#web/routes/register.tsx";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { formatCents } from "./format-money.ts";
import { activateLanguage } from "./i18n.ts";

// The account screens in French: messages with values, a sentence around a link, and a whole screen.

const money = (cents: number) => formatCents(cents, "cad").replace(/\s/g, " ");

function game(outcome: AccountDeletionGame["outcome"], role: AccountDeletionGame["role"]): AccountDeletionGame {
  return { eventId: "e1", title: "Dimanche", startsAt: "2026-03-15T15:00:00Z", endsAt: "2026-03-15T17:00:00Z", timeZone: "America/Toronto", role, outcome, paidCents: 1000, refundCents: 950 };
}

/** A screen's markup as the browser would first get it, signed out, text only. */
function screenText(Screen: () => ReactNode): string {
  const queries = new QueryClient();
  queries.setQueryData(["me"], null);
  queries.setQueryData(["config"], { appName: "Kickoff", signInProviders: [{ id: "google", label: "Google" }] });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <AuthProvider>
          <Screen />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");
}

describe("the account screens in French", () => {
  beforeAll(() => activateLanguage("fr", AREAS));
  afterAll(() => activateLanguage("en", AREAS));

  it("says what deleting the account does to each game, amounts written the French way", () => {
    expect(deletionOutcomeText(game("refund", "player"), money)).toBe(
      "Place de joueur, payée 10,00 $ : 9,50 $ remboursé (les frais de traitement de 0,50 $ sont conservés).",
    );
    expect(deletionOutcomeText(game("waitlist", "goalkeeper"), money)).toBe(
      "Liste d’attente des gardiens de but : vous la quittez ; rien n’a été facturé.",
    );
  });

  it("keeps a sentence whole around the element it places", () => {
    expect(messageAround("account.register.consent", "link")).toEqual([
      "En créant un compte, vous acceptez la façon dont nous traitons vos données, telle que décrite dans notre ",
      ".",
    ]);
  });

  it("renders the register screen in French", () => {
    const text = screenText(RegisterScreen);
    for (const french of ["Créez votre compte", "|Prénom|", "|Courriel|", "|Mot de passe|", "Se connecter avec Google", "Vous avez déjà un compte ?", "politique de confidentialité"]) {
      expect(text).toContain(french);
    }
    expect(text).not.toMatch(/Create your account|Email|Password|Log in/);
  });
});
