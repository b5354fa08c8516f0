import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login, PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { baseURL, screenshot, useBrowser } from "./support/browser.ts";
import { linkIn, mailsTo, waitForMail } from "./support/mail.ts";
import { closeNotice } from "./support/notice.ts";

const { newPage } = useBrowser();

const VERIFY_FIRST = "Please verify your email before logging in. Check your inbox.";
const PRIVACY_SECTIONS = [
  "Introduction",
  "Information We Collect",
  "How We Use Your Information",
  // Added with first-party analytics (decision 018): what is counted, and nothing more.
  "Usage Statistics",
  "Sharing of Information",
  "Data Storage and Security",
  "Children's Privacy",
  "Your Rights",
  "Contact Us",
];

const pathOf = (page: Page) => new URL(page.url()).pathname;
const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });

/** Signs up through the API and leaves the address unverified. */
async function signUpUnverified(email: string) {
  const response = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL() },
    body: JSON.stringify({ email, password: PASSWORD, name: "Una Verified", firstName: "Una", lastName: "Verified", callbackURL: "/" }),
  });
  expect(response.status).toBe(200);
}

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  const cookie = cookies.find((candidate) => candidate.name.endsWith("session_token"));
  if (!cookie) throw new Error(`no session cookie among ${cookies.map((c) => c.name).join(", ")}`);
  return cookie;
}

describe("registration and email verification", () => {
  it("registers, resends the mail, verifies from the mailed link, lands signed in, and logs out", async () => {
    const page = await newPage();
    const email = uniqueEmail("register");
    await page.goto("/");
    await page.getByRole("link", { name: "Register here" }).click();
    await page.waitForURL("**/register");

    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name").fill("Striker");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("something-else-1");
    await page.getByRole("button", { name: "Register" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Passwords do not match");
    expect(pathOf(page)).toBe("/register");

    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    await page.waitForURL("**/verify-email");
    await page.getByRole("heading", { name: "Verify your email" }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);
    expect(await page.getByText(/check your spam/i).isVisible()).toBe(true);
    await waitForMail(email, "verify");

    await page.getByRole("button", { name: "Resend Verification Email" }).click();
    await page.getByText("Verification email sent! Please check your inbox.").waitFor();
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);

    // The link opened in another tab of the same browser signs the user in; the waiting screen
    // notices within its 3-second re-check and moves on to the home screen by itself.
    const mail = await waitForMail(email, "verify", { after: 1 });
    const otherTab = await page.context().newPage();
    await otherTab.goto(linkIn(mail, "/api/auth/verify-email"));
    await menuButton(otherTab).waitFor();
    expect(pathOf(otherTab)).toBe("/");
    await otherTab.close();

    await menuButton(page).waitFor({ timeout: 10_000 });
    expect(pathOf(page)).toBe("/");
    expect(await menuButton(page).textContent()).toContain("Robin Striker");

    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.getByText("You are logged out").waitFor();
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(await menuButton(page).count()).toBe(0);
  });

  it("refuses to log in an unverified account with the product's message", async () => {
    const page = await newPage();
    const email = uniqueEmail("unverified");
    await signUpUnverified(email);
    await page.goto("/");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe(VERIFY_FIRST);
    expect(await menuButton(page).count()).toBe(0);
  });
});

describe("login", () => {
  it("shows the product name, logs a verified user in and greets them once", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Kickoff" }).waitFor();
    const user = await createVerifiedUser();
    await login(page, user);
    const greeting = page.getByRole("status").filter({ hasText: "You are logged in!" });
    // The pointer on the greeting keeps it while axe reads it: alone, it hides itself after 2.5 s.
    await greeting.getByText("You are logged in!").hover();
    await expectNoAxeViolations(page, greeting);
  });

  it("keeps the session only for the browser session unless Remember Me is checked", async () => {
    const user = await createVerifiedUser();

    const forgetful = await newPage();
    await login(forgetful, user);
    expect((await sessionCookie(forgetful)).expires).toBe(-1);

    const remembering = await newPage();
    await login(remembering, user, { rememberMe: true });
    expect((await sessionCookie(remembering)).expires).toBeGreaterThan(Date.now() / 1000 + 60 * 60);
  });

  it("returns to a visited event page after login", async () => {
    const user = await createVerifiedUser();
    const page = await newPage();
    await page.goto("/event/abc");
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(pathOf(page)).toBe("/");
    await login(page, user);
    await page.waitForURL("**/event/abc");
  });
});

describe("password reset", () => {
  it("sends a reset mail whose link sets a new password that then logs in", async () => {
    const user = await createVerifiedUser();
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await page.waitForURL("**/forgot-password");

    await page.getByRole("button", { name: "Send Reset Link" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Please enter your email address.");

    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Password reset email sent. Please check your inbox.").waitFor();

    const link = linkIn(await waitForMail(user.email, "reset"), "/api/auth/reset-password/");
    await page.goto(link);
    await page.waitForURL("**/reset-password?token=*");
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await screenshot(page, "reset-password-1280");
    const newPassword = "a-brand-new-pass-7";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill("not-the-same-pass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Passwords do not match");
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByText("Your password has been reset.", { exact: false }).waitFor();
    await page.getByRole("link", { name: "Go to login" }).click();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    expect(await page.getByRole("alert").textContent()).toMatch(/^Login failed: /);

    await login(page, { email: user.email, password: newPassword });

    // A reset link works once: opened again, it explains and offers a new one.
    const again = await newPage();
    await again.goto(link);
    await again.getByRole("link", { name: "Request a new link" }).waitFor();
    expect(await again.getByText(/invalid or has expired/).isVisible()).toBe(true);
  });
});

describe("profile", () => {
  it("changes the name, which the header menu then shows, and keeps the new-game email choice", async () => {
    const user = await createVerifiedUser({ firstName: "Casey", lastName: "Winger" });
    const page = await newPage();
    await login(page, user);
    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Casey Winger" }).click();
    await page.waitForURL("**/profile");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Casey Winger");
    expect(await page.getByText(user.email).first().isVisible()).toBe(true);

    const nameSection = page.getByRole("region", { name: "Update Name" });
    await nameSection.getByLabel("First Name").fill("Alexis");
    await nameSection.getByLabel("Last Name").fill("Goalscorer");
    await nameSection.getByRole("button", { name: "Save Changes" }).click();
    await nameSection.getByText("Name updated successfully!").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Alexis Goalscorer");
    await menuButton(page).click();
    await page.getByRole("menuitem", { name: "Alexis Goalscorer" }).waitFor();
    await page.keyboard.press("Escape");

    const emails = page.getByRole("switch", { name: "Email me when a new game is published" });
    expect(await emails.isChecked()).toBe(true);
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/me/notifications"));
    await emails.click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    expect(await page.getByRole("switch", { name: "Email me when a new game is published" }).isChecked()).toBe(false);

    const passwordToggle = page.getByRole("button", { name: "Change Password" });
    expect(await passwordToggle.getAttribute("aria-expanded")).toBe("false");
    await passwordToggle.click();
    await expect.poll(() => passwordToggle.getAttribute("aria-expanded")).toBe("true");
    const passwordSection = page.getByRole("region", { name: "Change Password" });
    await passwordSection.getByLabel("Current Password").fill(user.password);
    await passwordSection.getByLabel("New Password", { exact: true }).fill("another-pass-123");
    await passwordSection.getByLabel("Confirm New Password").fill("another-pass-456");
    await passwordSection.getByRole("button", { name: "Save New Password" }).click();
    expect(await passwordSection.getByRole("alert").textContent()).toBe("New passwords do not match.");
    await passwordSection.getByLabel("Confirm New Password").fill("another-pass-123");
    await passwordSection.getByRole("button", { name: "Save New Password" }).click();
    await passwordSection.getByText("Password updated successfully!").waitFor();
  });

  it("sends a user who changed their email to /verify-email until the new address is verified", async () => {
    const user = await createVerifiedUser();
    const page = await newPage();
    await login(page, user);
    await page.goto("/profile");
    const toggle = page.getByRole("button", { name: "Update Email" });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const section = page.getByRole("region", { name: "Update Email" });
    const newEmail = uniqueEmail("moved");

    await section.getByLabel("Current Password").fill("wrong-password-1");
    await section.getByLabel("New Email Address").fill(newEmail);
    await section.getByRole("button", { name: "Save New Email" }).click();
    expect(await section.getByRole("alert").textContent()).toMatch(/^Failed to update email: /);

    await section.getByLabel("Current Password").fill(user.password);
    await section.getByRole("button", { name: "Save New Email" }).click();
    await page.waitForURL("**/verify-email");
    await page.getByText("Email updated successfully! Please verify your new email.").waitFor();
    await page.getByRole("heading", { name: "Verify your email" }).waitFor();
    expect(await page.getByText(newEmail).isVisible()).toBe(true);
    expect(await menuButton(page).count()).toBe(0);

    await page.goto("/profile");
    await page.waitForURL("**/verify-email");

    // A mistyped address must not lock the user out: it can be corrected from this screen.
    const fixToggle = page.getByRole("button", { name: "Wrong address? Change it" });
    await fixToggle.click();
    const correctedEmail = uniqueEmail("corrected");
    await page.getByLabel("Current Password").fill(user.password);
    await page.getByLabel("New Email Address").fill(correctedEmail);
    await page.getByRole("button", { name: "Send to this address" }).click();
    await page.getByText(correctedEmail).waitFor();

    await page.goto(linkIn(await waitForMail(correctedEmail, "verify"), "/api/auth/verify-email"));
    await menuButton(page).waitFor();
    expect(pathOf(page)).toBe("/");
  });

  it("deletes the account after confirmation and signs out", async () => {
    const user = await createVerifiedUser();
    const page = await newPage();
    await login(page, user);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Delete Account" });
    await section.getByLabel("Current Password").fill(user.password);
    await section.getByRole("button", { name: "Delete My Account" }).click();
    // The app's own dialog (e2e/layout.e2e.ts checks its text and Cancel).
    await page.getByRole("dialog", { name: "Confirm Account Deletion" }).getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Your account has been deleted successfully.").waitFor();
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(pathOf(page)).toBe("/");

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    expect(await page.getByRole("alert").textContent()).toMatch(/^Login failed: /);
  });
});

describe("navigation and access", () => {
  it("shows the privacy policy, signed out, with its sections", async () => {
    const page = await newPage();
    await page.goto("/privacy");
    await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor();
    expect(pathOf(page)).toBe("/privacy");
    expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(PRIVACY_SECTIONS);
    expect(await page.getByText("Effective date: November 23, 2026").isVisible()).toBe(true);
    expect(await page.getByText(/under 13/).first().isVisible()).toBe(true);
  });

  it("closes the header menu on Escape and on a click outside it", async () => {
    const user = await createVerifiedUser();
    const page = await newPage();
    await login(page, user);
    await closeNotice(page);

    await menuButton(page).click();
    await page.getByRole("menu").waitFor();
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "detached" });
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton(page).click();
    await page.getByRole("menu").waitFor();
    await page.getByRole("main").click({ position: { x: 5, y: 5 } });
    await page.getByRole("menu").waitFor({ state: "detached" });
  });

  it("shows a non-admin the home screen at /admin/create-event", async () => {
    const user = await createVerifiedUser();
    const page = await newPage();
    await login(page, user);
    await menuButton(page).click();
    await page.getByRole("menu").waitFor();
    expect(await page.getByRole("menuitem").allTextContents()).toEqual([user.name, "Your Events", "Log Out"]);
    await page.keyboard.press("Escape");

    await page.goto("/admin/create-event");
    await page.getByRole("heading", { name: "Available Events" }).waitFor();
    expect(pathOf(page)).toBe("/admin/create-event");
    expect(await page.getByRole("heading", { name: "Create New Event" }).count()).toBe(0);
  });

  it("answers an unknown address with a page-not-found screen", async () => {
    const user = await createVerifiedUser();
    const page = await newPage();
    await login(page, user);
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("link", { name: "Back to Events" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});

describe("screens", () => {
  for (const width of [375, 1280]) {
    it(`look finished and pass axe at ${width} px`, async () => {
      const page = await newPage({ width, height: 800 });
      await page.goto("/");
      await page.getByRole("button", { name: "Login" }).waitFor();
      await screenshot(page, `login-${width}`);
      await expectNoAxeViolations(page);

      await page.goto("/register");
      await page.getByRole("button", { name: "Register" }).waitFor();
      await screenshot(page, `register-${width}`);
      await expectNoAxeViolations(page);

      await page.goto("/forgot-password");
      await page.getByRole("button", { name: "Send Reset Link" }).waitFor();
      await screenshot(page, `forgot-password-${width}`);
      await expectNoAxeViolations(page);

      await page.goto("/reset-password?error=INVALID_TOKEN");
      await page.getByRole("link", { name: "Request a new link" }).waitFor();
      await screenshot(page, `reset-password-invalid-${width}`);
      await expectNoAxeViolations(page);

      await page.goto("/verify-email");
      await page.getByRole("button", { name: "Resend Verification Email" }).click();
      await page.getByText("User not authenticated. Please log in.").waitFor();
      await screenshot(page, `verify-email-${width}`);
      await expectNoAxeViolations(page);

      await page.goto("/privacy");
      await page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
      await screenshot(page, `privacy-${width}`);
      await expectNoAxeViolations(page);

      const user = await createVerifiedUser({ firstName: "Jordan", lastName: "Midfield" });
      await login(page, user);
      await closeNotice(page);
      await page.goto("/profile");
      await page.getByRole("button", { name: "Update Email" }).click();
      await page.getByRole("button", { name: "Change Password" }).click();
      // Opening the sections scrolled the page; a full-page capture from the top shows the sticky header once.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `profile-${width}`);
      await expectNoAxeViolations(page);

      await page.goto("/confirmation");
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      expect(await page.getByText("Your spot has been confirmed. You'll receive a confirmation email shortly.").isVisible()).toBe(true);
      await screenshot(page, `confirmation-${width}`);
      await expectNoAxeViolations(page);

      await page.goto("/no-such-page");
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      await screenshot(page, `not-found-${width}`);
    });
  }
});
