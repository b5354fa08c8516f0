import pg from "pg";
import type { BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe } from "#test/fake-stripe.ts";
import { PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { type AppProcess, startApp } from "./support/app-process.ts";
import { expectConsoleError, useBrowser } from "./support/browser.ts";
import { seedGame, TEST_CARDS } from "./support/games.ts";

/**
 * PAYMENTS=stripe in the browser: a second app, configured for Stripe against the Stripe-compatible
 * server on loopback. Stripe.js itself cannot be reached here (and must come from js.stripe.com), so
 * the browser's requests to js.stripe.com are intercepted: answered with a small stand-in for
 * Stripe.js, or refused, to see the dialog say 'Failed to initialize payment.'.
 */
const { browser } = useBrowser();
let stripe: FakeStripe;
let app: AppProcess;
let db: pg.Client;

beforeAll(async () => {
  stripe = await new FakeStripe().start();
  app = await startApp({
    PAYMENTS: "stripe",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e",
    STRIPE_API_URL: stripe.url,
    GEOCODER: "none",
  });
  db = new pg.Client({ connectionString: app.databaseURL() });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await app?.stop();
  await stripe?.stop();
});

/**
 * Stands in for Stripe.js: Stripe(key).elements({ clientSecret }) mounts a Payment Element, and
 * confirmSetup / handleNextAction do what Stripe would, through functions the test exposes (the
 * page's CSP does not let it reach the loopback server, as it would not reach Stripe's). Errors
 * come back typed as Stripe.js types them (card_error for a decline).
 */
const STRIPE_JS_STAND_IN = `
window.Stripe = function (publishableKey) {
  return {
    elements: function (options) {
      return {
        create: function () {
          return {
            mount: function (target) {
              const label = document.createElement("label");
              label.textContent = "Stripe card element (" + publishableKey + ")";
              const input = document.createElement("input");
              input.setAttribute("aria-label", "Stripe card number");
              label.append(input);
              target.append(label);
            },
            destroy: function () {},
            on: function () {},
          };
        },
        submit: async function () { return {}; },
        clientSecret: options.clientSecret,
      };
    },
    confirmSetup: async function (options) {
      const result = await window.__stripeConfirmSetup(options.elements.clientSecret);
      return result.error ? { error: { type: result.type, message: result.error } } : { setupIntent: { payment_method: result.paymentMethodId } };
    },
    handleNextAction: async function (options) {
      await window.__stripeAuthenticate(options.clientSecret);
      return {};
    },
  };
};`;

/**
 * Stripe.js misbehaving: a script whose Elements object has no submit() (as after a breaking change
 * or a half-loaded script), or whose confirmSetup answers an error about the integration rather
 * than the card. The dialog must not show either's text.
 */
const BROKEN_STRIPE_JS = STRIPE_JS_STAND_IN.replace("submit: async function () { return {}; },", "");
const CONFUSED_STRIPE_JS = STRIPE_JS_STAND_IN.replace(
  "const result = await window.__stripeConfirmSetup(options.elements.clientSecret);",
  "const result = { type: 'invalid_request_error', error: 'No such setupintent: seti_123; a secret key was used' };",
);

/** A verified user of the Stripe app, signed in through its login screen. */
async function signedIn(
  stripeJs: string = STRIPE_JS_STAND_IN,
): Promise<{ page: Page; context: BrowserContext; stripeJsRequests: string[]; cardNumber: { value: string }; consoleErrors: string[] }> {
  const email = uniqueEmail("stripe");
  const signUp = await fetch(`${app.baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.baseURL },
    body: JSON.stringify({ email, password: PASSWORD, name: "Stella Stripe", firstName: "Stella", lastName: "Stripe", callbackURL: "/" }),
  });
  expect(signUp.status).toBe(200);
  // This app mails into its own local mailbox: the address is marked verified directly.
  await db.query(`update "user" set email_verified = true where email = $1`, [email]);

  const context = await browser().newContext({ baseURL: app.baseURL, viewport: { width: 1280, height: 800 } });
  const stripeJsRequests: string[] = [];
  const cardNumber = { value: TEST_CARDS.ok };
  await context.exposeFunction("__stripeConfirmSetup", (clientSecret: string) => {
    const result = stripe.confirmSetup(clientSecret, cardNumber.value);
    return { ...result, type: result.error === "No such setup intent." ? "invalid_request_error" : "card_error" };
  });
  await context.exposeFunction("__stripeAuthenticate", (clientSecret: string) => stripe.authenticate(clientSecret, "complete"));
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  await page.route("https://js.stripe.com/**", (route: Route) => {
    stripeJsRequests.push(route.request().url());
    return route.fulfill({ contentType: "application/javascript", body: stripeJs });
  });
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: /open menu/i }).waitFor();
  return { page, context, stripeJsRequests, cardNumber, consoleErrors };
}

describe("paying with Stripe", () => {
  it("loads Stripe.js from js.stripe.com only when the payment dialog opens, and pays with a card saved through a SetupIntent", async () => {
    const game = await seedGame(db, { costCents: 1000 });
    const { page, context, stripeJsRequests } = await signedIn();
    try {
      await page.goto(`/event/${game.id}`);
      await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
      expect(stripeJsRequests).toEqual([]);

      await page.getByRole("button", { name: "Join as Player" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Payment" });
      await dialog.getByLabel("Stripe card number").waitFor();
      expect(stripeJsRequests).toEqual(["https://js.stripe.com/v3/"]);
      // Our own test card form is not there: card numbers go to Stripe, never to our server.
      expect(await dialog.getByLabel("Card number", { exact: true }).count()).toBe(0);

      await dialog.getByRole("button", { name: "Pay $10.00" }).click();
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      const charged = [...stripe.paymentIntents.values()].filter((intent) => intent.status === "succeeded" && intent.amount === 1000);
      expect(charged).toHaveLength(1);
      expect(charged[0]!.metadata.eventId).toBe(game.id);
    } finally {
      await context.close();
    }
  });

  it("completes the bank's 3-D Secure with Stripe.js and confirms on the server", async () => {
    const game = await seedGame(db, { costCents: 1000 });
    const { page, context, cardNumber } = await signedIn();
    cardNumber.value = TEST_CARDS.authentication;
    try {
      await page.goto(`/event/${game.id}`);
      await page.getByRole("button", { name: "Join as Player" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Payment" });
      await dialog.getByLabel("Stripe card number").waitFor();
      await dialog.getByRole("button", { name: "Pay $10.00" }).click();
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("says 'Failed to initialize payment.' when Stripe.js cannot be loaded", async () => {
    const game = await seedGame(db, { costCents: 1000 });
    const { page, context } = await signedIn();
    expectConsoleError(/Stripe\.js could not be loaded/);
    try {
      await page.unroute("https://js.stripe.com/**");
      await page.route("https://js.stripe.com/**", (route) => route.abort("connectionrefused"));
      await page.goto(`/event/${game.id}`);
      await page.getByRole("button", { name: "Join as Player" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Payment" });
      await expect.poll(() => dialog.getByText("Failed to initialize payment.").isVisible(), { timeout: 10_000 }).toBe(true);
      expect([...stripe.paymentIntents.values()].filter((intent) => intent.metadata.eventId === game.id)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows Stripe's words about a declined card as they are", async () => {
    const game = await seedGame(db, { costCents: 1000 });
    const { page, context, cardNumber } = await signedIn();
    cardNumber.value = TEST_CARDS.declinedOnSave;
    try {
      await page.goto(`/event/${game.id}`);
      await page.getByRole("button", { name: "Join as Player" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Payment" });
      await dialog.getByLabel("Stripe card number").waitFor();
      await dialog.getByRole("button", { name: "Pay $10.00" }).click();
      await expect.poll(() => dialog.getByRole("alert").textContent(), { timeout: 10_000 }).toBe("Your card was declined.");
    } finally {
      await context.close();
    }
  });

  it.each([
    ["has no elements.submit()", BROKEN_STRIPE_JS, "submit is not a function"],
    ["answers an error about the integration, not the card", CONFUSED_STRIPE_JS, "No such setupintent"],
  ])("says 'Failed to initialize payment.' when Stripe.js %s, and logs the detail instead of showing it", async (_label, stripeJs, detail) => {
    const game = await seedGame(db, { costCents: 1000 });
    const { page, context, consoleErrors } = await signedIn(stripeJs);
    expectConsoleError(new RegExp(detail));
    try {
      await page.goto(`/event/${game.id}`);
      await page.getByRole("button", { name: "Join as Player" }).click();
      const dialog = page.getByRole("dialog", { name: "Complete Your Payment" });
      await dialog.getByLabel("Stripe card number").waitFor();
      await dialog.getByRole("button", { name: "Pay $10.00" }).click();
      await expect.poll(() => dialog.getByRole("alert").textContent(), { timeout: 10_000 }).toBe("Failed to initialize payment.");
      expect(await dialog.textContent()).not.toContain(detail);
      expect(consoleErrors.join("\n")).toContain(detail);
      // Nothing was charged, and the dialog can be used again.
      expect([...stripe.paymentIntents.values()].filter((intent) => intent.metadata.eventId === game.id)).toEqual([]);
      expect(await dialog.getByRole("button", { name: "Pay $10.00" }).isEnabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
