import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import type { SignInProviderName } from "#shared/public-config.ts";
import { activateLanguage } from "#web/i18n/i18n.ts";
import { AuthProvider } from "#web/lib/auth.tsx";
import PrivacyScreen from "./privacy.tsx";

/** The privacy page names the sign-in providers the server has, and only those (docs/decisions/044-sign-in-with-openid-connect.md). */
function privacyText(signInProviders: SignInProviderName[]): string {
  const queries = new QueryClient();
  queries.setQueryData(["me"], null);
  queries.setQueryData(["config"], { appName: "Kickoff", signInProviders });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={queries}>
      <MemoryRouter>
        <AuthProvider>
          <PrivacyScreen />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, "").replace(/&#x27;|&#39;/g, "'");
}

const BOTH: SignInProviderName[] = [
  { id: "google", label: "Google" },
  { id: "oidc", label: "Authentik" },
];

describe("the privacy page's sign-in providers", () => {
  afterAll(() => activateLanguage("en", AREAS));

  it("names each configured provider, in English and in French", async () => {
    await activateLanguage("en", AREAS);
    const english = privacyText(BOTH);
    expect(english).toContain("If you sign in with Google or Authentik, we receive your name and email address from that provider");
    expect(english).toContain("and, if you choose to sign in with it, Google or Authentik (to sign you in)");
    await activateLanguage("fr", AREAS);
    const french = privacyText(BOTH);
    expect(french).toContain("Si vous vous connectez avec Google ou Authentik, nous recevons de ce fournisseur votre nom et votre adresse courriel");
    expect(french).toContain("si vous choisissez de vous connecter avec lui, Google ou Authentik (pour vous connecter)");
  });

  it("names only the one configured, and none when there is none", async () => {
    await activateLanguage("en", AREAS);
    const authentikOnly = privacyText([{ id: "oidc", label: "Authentik" }]);
    expect(authentikOnly).toContain("If you sign in with Authentik, we receive");
    expect(authentikOnly).not.toContain("Google");
    const none = privacyText([]);
    expect(none).not.toMatch(/Google|Authentik|sign you in/);
    expect(none).toContain("our card payment processor (to take payments and refunds) and our email delivery provider (to send you emails).");
  });
});
