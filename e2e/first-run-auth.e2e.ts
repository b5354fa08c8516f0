import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login, PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { screenshot, useBrowser } from "./support/browser.ts";
import { seedGame, useDatabase } from "./support/games.ts";
import { linkIn, mailsTo, waitForMail } from "./support/mail.ts";

/** Issue 10, first run: the account flows a new user meets first. */

const { newPage } = useBrowser();
const database = useDatabase();

const pathOf = (page: Page) => new URL(page.url()).pathname;
const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });

/** Fills in Register as a person would and waits for the verify screen. */
async function register(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Nova");
  await page.getByLabel("Last name").fill("Newcomer");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL("**/verify-email");
  await page.getByRole("heading", { name: "Verify your email" }).waitFor();
}

async function logOut(page: Page) {
  await menuButton(page).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await page.getByRole("button", { name: "Login" }).waitFor();
}

describe("verifying on another device", () => {
  it("lets the tab that registered notice, and offers the login with the address filled in", async () => {
    const email = uniqueEmail("two-devices");
    const laptop = await newPage();
    await register(laptop, email);

    // The phone: another browser, with none of the laptop's cookies.
    const phone = await newPage({ width: 375, height: 800 });
    await phone.goto(linkIn(await waitForMail(email, "verify"), "/api/auth/verify-email"));
    await menuButton(phone).waitFor();
    expect(pathOf(phone)).toBe("/");

    // The re-check runs every 3 s; the laptop has no session, so it asks to log in.
    await laptop.getByText("Email verified. Log in to continue.").waitFor({ timeout: 10_000 });
    expect(await laptop.getByText("This page continues by itself once your email is verified.").count()).toBe(0);
    await screenshot(laptop, "verify-email-verified-elsewhere-1280");
    await expectNoAxeViolations(laptop);

    await laptop.getByRole("link", { name: "Log in" }).click();
    await laptop.getByRole("button", { name: "Login" }).waitFor();
    expect(pathOf(laptop)).toBe("/");
    expect(await laptop.getByLabel("Email").inputValue()).toBe(email);
    await laptop.getByLabel("Password").fill(PASSWORD);
    await laptop.getByRole("button", { name: "Login" }).click();
    await menuButton(laptop).waitFor({ timeout: 15_000 });
    expect(await menuButton(laptop).textContent()).toContain("Nova Newcomer");
  });
});

describe("registering with an address that has an account", () => {
  it("shows what a new registration shows, and mails the owner that the account exists", async () => {
    const owner = await createVerifiedUser();
    const before = (await mailsTo(owner.email)).length;

    const newcomer = await newPage();
    const newEmail = uniqueEmail("fresh");
    await register(newcomer, newEmail);
    const again = await newPage();
    await register(again, owner.email);

    const screenText = async (page: Page, email: string) => (await page.getByRole("main").innerText()).replaceAll(email, "{email}");
    expect(await screenText(again, owner.email)).toBe(await screenText(newcomer, newEmail));
    expect(await again.getByText(`We sent a verification link to ${owner.email}.`, { exact: false }).isVisible()).toBe(true);

    const mail = await waitForMail(owner.email, "already have", { after: before });
    expect(mail.subject).toBe("You already have a Kickoff account");
    // The login link works as it says.
    const loginLink = mail.links.find((link) => new URL(link).pathname === "/");
    const resetLink = mail.links.find((link) => new URL(link).pathname === "/forgot-password");
    expect([loginLink, resetLink].every(Boolean)).toBe(true);
    const mailReader = await newPage();
    await mailReader.goto(resetLink!);
    await mailReader.getByRole("button", { name: "Send Reset Link" }).waitFor();
    await mailReader.goto(loginLink!);
    await login(mailReader, owner);
  });
});

describe("the password rule", () => {
  it("is stated on Register before anything is typed, tied to the password field", async () => {
    const page = await newPage();
    await page.goto("/register");
    const password = page.getByLabel("Password", { exact: true });
    await password.waitFor();
    expect(await password.inputValue()).toBe("");
    const rule = page.getByText("At least 8 characters.");
    expect(await rule.isVisible()).toBe(true);
    const ruleId = await rule.getAttribute("id");
    expect((await password.getAttribute("aria-describedby"))?.split(" ")).toContain(ruleId);
  });
});

/**
 * A game's link opened signed out, until the app has taken it in: the server's login screen is on
 * show before the app's code has run, which keeps the game to return to and moves the address to "/"
 * (src/web/main.tsx).
 */
async function openSignedOut(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole("button", { name: "Login" }).waitFor();
  await expect.poll(() => pathOf(page)).toBe("/");
}

describe("the page to return to after login", () => {
  it("is not left behind by a logout on an event page or a visit that ended, and still follows a signed-out visit", async () => {
    const game = await seedGame(database());
    const first = await createVerifiedUser({ firstName: "Fran", lastName: "First" });
    const second = await createVerifiedUser({ firstName: "Sid", lastName: "Second" });
    const page = await newPage();

    await login(page, first);
    await page.goto(`/event/${game.id}`);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    await logOut(page);

    await login(page, second);
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(pathOf(page)).toBe("/");
    expect(await menuButton(page).textContent()).toContain("Sid Second");

    // A signed-out visitor who opens the game's link and then logs in lands on the game.
    await logOut(page);
    await openSignedOut(page, `/event/${game.id}`);
    await login(page, first);
    await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
    expect(pathOf(page)).toBe(`/event/${game.id}`);

    // A signed-out visit that ends without a login (its tab closed) leaves nothing for the next
    // person who logs in on this browser, in another tab.
    await logOut(page);
    await openSignedOut(page, `/event/${game.id}`);
    const later = await page.context().newPage();
    await page.close();
    await login(later, second);
    await later.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(pathOf(later)).toBe("/");
  });
});
