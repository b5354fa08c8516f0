import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthProvider } from "#web/lib/auth.tsx";
import PrivacyScreen from "#web/routes/privacy.tsx";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { activateLanguage } from "./i18n.ts";

/** The privacy policy as a signed-out visitor first gets it, text only. */
function policyText(): string {
  const queries = new QueryClient();
  queries.setQueryData(["me"], null);
  queries.setQueryData(["config"], { appName: "Kickoff" });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <AuthProvider>
          <PrivacyScreen />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");
}

describe("the privacy policy in French", () => {
  beforeAll(() => activateLanguage("fr", AREAS));
  afterAll(() => activateLanguage("en", AREAS));

  it("is French throughout, with the app's name and the date written by Intl", () => {
    const text = policyText();
    expect(text).toContain("|Politique de confidentialité|");
    expect(text).toContain("|Date d’entrée en vigueur : 23\u00a0novembre 2026|");
    expect(text).toContain("Kickoff aide les gens à organiser des parties de soccer");
    expect(text).toContain("|Renseignements sur le compte :| vos prénom, nom et adresse courriel");
    expect(text).toContain("|Retour à la connexion|");
    expect(text).not.toMatch(/Privacy Policy|Effective date|Back to login| the | we /);
  });
});
