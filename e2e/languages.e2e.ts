import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { expectAllFrench } from "./support/french.ts";
import { seedGame, uniqueTitle, useDatabase } from "./support/games.ts";
import { waitForMail } from "./support/mail.ts";
import { openGame } from "./support/pages.ts";

const { newPage } = useBrowser();
const db = useDatabase();

describe("choosing French (docs/languages.md)", () => {
  it("the footer's switch turns the page French, which survives a reload and a login on another device", async () => {
    const user = await createVerifiedUser();
    const page = await newPage({ locale: "en-US" });
    await login(page, user);
    await page.getByText("All rights reserved.").waitFor();
    // The check the French pages pass below fails on an English one.
    await expect(expectAllFrench(page, "home, in English")).rejects.toThrow(/home, in English/);

    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await page.getByText("Tous droits réservés.").waitFor();
    await page.getByRole("link", { name: "Politique de confidentialité" }).waitFor();
    await expectAllFrench(page, "home, after the switch");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr-CA");
    await page.getByRole("button", { name: /ouvrir le menu/i }).click();
    await page.getByRole("menuitem", { name: "Vos parties" }).waitFor();
    await page.getByRole("menuitem", { name: "Se déconnecter" }).waitFor();
    await page.keyboard.press("Escape");
    await expectNoAxeViolations(page);

    await page.reload();
    await page.getByText("Tous droits réservés.").waitFor();

    // Another browser, in English: the account's choice wins once signed in.
    const elsewhere = await newPage({ locale: "en-US" });
    await login(elsewhere, user);
    await elsewhere.getByText("Tous droits réservés.").waitFor();
    await elsewhere.goto("/profile");
    const section = elsewhere.getByRole("region", { name: "Langue" });
    await expect.poll(() => section.getByRole("combobox").inputValue()).toBe("fr");

    // And back to English from Profile.
    await section.getByRole("combobox").selectOption("en");
    await elsewhere.getByRole("region", { name: "Language" }).waitFor();
    await elsewhere.getByText("All rights reserved.").waitFor();
    await expectNoAxeViolations(elsewhere);
  });

  it("a French browser reads the app in French, from the login to a game's dialogs and Profile, and gets its mail in French", async () => {
    const paid = await seedGame(db(), { title: uniqueTitle("Partie payante"), costCents: 1000 });
    const free = await seedGame(db(), { title: uniqueTitle("Partie gratuite") });
    const user = await createVerifiedUser();
    const page = await newPage({ locale: "fr-CA" });

    // The first visit: the login screen, before any choice was made.
    await page.goto("/");
    await page.getByRole("button", { name: "Se connecter", exact: true }).waitFor();
    await expectAllFrench(page, "login");

    await login(page, user);
    await page.getByRole("article", { name: free.title }).waitFor();
    await expectAllFrench(page, "home");

    // A paid game's page and its payment dialog.
    await openGame(page, paid);
    await expectAllFrench(page, "event page");
    await page.getByRole("button", { name: "S’inscrire comme joueur" }).click();
    const payment = page.getByRole("dialog", { name: "Finaliser votre paiement" });
    await payment.getByText("Payer avec").or(payment.getByLabel("Numéro de carte")).first().waitFor();
    await expectAllFrench(page, "payment dialog");
    await payment.getByRole("button", { name: "Annuler" }).click();
    await payment.waitFor({ state: "hidden" });

    // A free game: joined at once, then the cancellation's dialog.
    await openGame(page, free);
    await page.getByRole("button", { name: "S’inscrire comme joueur" }).click();
    const cancel = page.getByRole("button", { name: "Annuler l’inscription" });
    await cancel.waitFor();
    await expectAllFrench(page, "event page, joined");
    await cancel.click();
    const confirm = page.getByRole("dialog", { name: "Confirmer l’annulation" });
    await confirm.waitFor();
    await expectAllFrench(page, "cancellation dialog");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "hidden" });

    // The account took the browser's language, so the mail about joining is French.
    const mail = await waitForMail(user.email, free.title);
    expect(mail.subject).toBe(`Vous avez une place : ${free.title}`);
    expect(mail.text).not.toMatch(/You're|spot|game/i);

    await page.goto("/profile");
    await page.getByRole("region", { name: "Langue" }).waitFor();
    await expectAllFrench(page, "profile");
    await expectNoAxeViolations(page);
  });
});
