import { expect } from "vitest";
import type { Page } from "playwright-core";
import { baseURL } from "./browser.ts";
import { linkIn, waitForMail } from "./mail.ts";

export const PASSWORD = "correct-horse-42";
let counter = 0;

export function uniqueEmail(prefix = "player"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Creates a verified account through the real API and the real verification mail
 * (the browser flow itself is covered by accounts.e2e.ts).
 */
export async function createVerifiedUser(input: { email?: string; firstName?: string; lastName?: string } = {}) {
  const email = input.email ?? uniqueEmail();
  const firstName = input.firstName ?? "Sam";
  const lastName = input.lastName ?? "Keeper";
  const response = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL() },
    body: JSON.stringify({ email, password: PASSWORD, name: `${firstName} ${lastName}`, firstName, lastName, callbackURL: "/" }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const mail = await waitForMail(email, "verify");
  const verified = await fetch(linkIn(mail, "/api/auth/verify-email"), { redirect: "manual" });
  if (verified.status !== 302) throw new Error(`verification failed: ${verified.status}`);
  return { email, password: PASSWORD, firstName, lastName, name: `${firstName} ${lastName}` };
}

/** Logs in through the login screen, as a person would. */
export async function login(page: Page, user: { email: string; password: string }, options: { rememberMe?: boolean } = {}) {
  // The login screen rendered on the server takes input once hydrated (docs/server-rendering.md); and
  // until the app has run, a page's address is the one it was asked at (a game's link shows the login
  // screen, and the app moves it to "/" as it starts: src/web/main.tsx).
  const hydrated = () => page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("inert"), null, { timeout: 15_000 });
  if (page.url().startsWith(baseURL())) await hydrated();
  if (!page.url().startsWith(baseURL()) || new URL(page.url()).pathname !== "/") {
    await page.goto("/");
    await hydrated();
  }
  // In English or French: a French browser gets the French login screen (docs/languages.md).
  await page.getByLabel(/^(Email|Courriel)$/).fill(user.email);
  await page.getByLabel(/^(Password|Mot de passe)$/).fill(user.password);
  if (options.rememberMe) await page.getByLabel(/^(Remember Me|Se souvenir de moi)$/).check();
  await page.getByRole("button", { name: /^(Login|Se connecter)$/ }).click();
  await expect.poll(() => page.getByRole("button", { name: /open menu|ouvrir le menu/i }).isVisible(), { timeout: 15_000 }).toBe(true);
}
