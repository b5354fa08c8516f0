import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OidcIssuer } from "#test/oidc-issuer.ts";
import { type AppProcess, startApp } from "./support/app-process.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshotIfTestFails, useBrowser } from "./support/browser.ts";

/**
 * "Sign in with …" through the real buttons in Chromium (docs/decisions/044-sign-in-with-openid-connect.md),
 * against a real OpenID Connect issuer on loopback: the club's provider (OIDC_*) and Google on the
 * same path (GOOGLE_ISSUER). An app of its own, since the lanes' apps have no provider. The edge cases
 * are integration tests (src/server/auth/sign-in-providers.test.ts).
 */
const { browser } = useBrowser();
let issuer: OidcIssuer;
let app: AppProcess;

beforeAll(async () => {
  issuer = await new OidcIssuer().start();
  app = await startApp({
    GEOCODER: "none",
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: "kickoff-club",
    OIDC_CLIENT_SECRET: "club-secret",
    OIDC_LABEL: "Authentik",
    GOOGLE_CLIENT_ID: "kickoff-google",
    GOOGLE_CLIENT_SECRET: "google-secret",
    GOOGLE_ISSUER: issuer.url,
  });
});
afterAll(async () => {
  await app?.stop();
  await issuer?.stop();
});

async function loginScreen(): Promise<Page> {
  const context = await browser().newContext({ baseURL: app.baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  screenshotIfTestFails(page);
  await page.goto("/");
  return page;
}

/** Clicks "Sign in with {label}" and waits until the issuer's answer has signed the page in. */
async function signInByButton(page: Page, label: "Authentik" | "Google") {
  await page.getByRole("button", { name: `Sign in with ${label}` }).click();
  await expect.poll(() => page.getByRole("button", { name: /open menu/i }).isVisible(), { timeout: 15_000 }).toBe(true);
}

/** The page's account as the API tells it (null signed out), with the page's own cookies. */
async function accountOf(page: Page) {
  const response = await page.request.get("/api/me");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string; email: string; signIns: string[] } | null }).user;
}

describe("signing in with a provider", () => {
  it("signs in with the club's provider by its button: the account gets the provider's name, the profile shows how it signs in", async () => {
    const email = `authentik-${Date.now().toString(36)}@example.com`;
    issuer.signInAs({ sub: `club-${email}`, email, email_verified: true, name: "Rosa Park", given_name: "Rosa", family_name: "Park" });
    const page = await loginScreen();
    await expectNoAxeViolations(page);
    await signInByButton(page, "Authentik");

    await page.goto("/profile");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Rosa Park" }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole("heading", { name: "How you sign in" }).isVisible()).toBe(true);
    expect(await page.getByRole("listitem").filter({ hasText: /^Authentik$/ }).count()).toBe(1);
    await page.context().close();
  });

  it("signs in with Google by its button through the same path", async () => {
    const email = `google-${Date.now().toString(36)}@example.com`;
    issuer.signInAs({ sub: `google-${email}`, email, email_verified: true, name: "Gus Grant" });
    const page = await loginScreen();
    await signInByButton(page, "Google");
    expect(await accountOf(page)).toMatchObject({ email, signIns: ["google"] });
    await page.context().close();
  });

  it("never opens an existing account for an address the provider has not verified: the login screen says why, signed out", async () => {
    const email = `both-${Date.now().toString(36)}@example.com`;
    // The account exists, made by the club's provider with the address verified.
    issuer.signInAs({ sub: `club-${email}`, email, email_verified: true, name: "Ada Lane" });
    const first = await loginScreen();
    await signInByButton(first, "Authentik");
    await first.context().close();

    // Google claims the same address without having verified it: it could be anyone's.
    issuer.signInAs({ sub: `google-${email}`, email, email_verified: false, name: "Someone Else" });
    const page = await loginScreen();
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect
      .poll(() => page.getByText("An account with this email address already exists, and it cannot be opened this way", { exact: false }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole("button", { name: /^Login$/ }).isVisible()).toBe(true);
    expect(await accountOf(page)).toBeNull();
    await page.context().close();
  });

  it("deletes an account that signs in only with the provider from the profile, without a password", async () => {
    const email = `leaving-${Date.now().toString(36)}@example.com`;
    issuer.signInAs({ sub: `club-${email}`, email, email_verified: true, name: "Lee Ving" });
    const page = await loginScreen();
    await signInByButton(page, "Authentik");
    const before = await accountOf(page);
    expect(before?.email).toBe(email);
    await page.goto("/profile");
    await expect.poll(() => page.getByRole("button", { name: "Delete My Account" }).isVisible(), { timeout: 15_000 }).toBe(true);
    // No password to give: the sign-in a moment ago is the proof.
    expect(await page.getByLabel("Current Password").count()).toBe(0);
    await page.getByRole("button", { name: "Delete My Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Account Deletion" });
    await expect.poll(() => dialog.getByRole("button", { name: "Confirm" }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect.poll(() => page.getByText("Your account has been deleted successfully.").isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: /^Login$/ }).isVisible(), { timeout: 15_000 }).toBe(true);

    // The same person coming back gets a new account: the old one is gone, its provider link with it.
    issuer.signInAs({ sub: `club-${email}`, email, email_verified: true, name: "Lee Ving" });
    await signInByButton(page, "Authentik");
    const after = await accountOf(page);
    expect(after?.email).toBe(email);
    expect(after?.id).not.toBe(before?.id);
    await page.context().close();
  });

  it("comes back to the login screen with why when consent is refused, signed out, and names the providers on the privacy page", async () => {
    issuer.denyNext();
    const page = await loginScreen();
    await page.getByRole("button", { name: "Sign in with Authentik" }).click();
    await expect.poll(() => page.getByText("The sign-in was cancelled at the provider, and nothing was changed.", { exact: false }).isVisible(), { timeout: 15_000 }).toBe(true);
    // The address is clean again: a reload does not say it twice.
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByRole("button", { name: /^Login$/ }).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await expect.poll(() => page.getByText("If you sign in with Google or Authentik, we receive your name and email address", { exact: false }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  });
});
