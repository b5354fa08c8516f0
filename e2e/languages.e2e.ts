import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";

const { newPage } = useBrowser();

describe("choosing French (docs/languages.md)", () => {
  it("the footer's switch turns the page French, which survives a reload and a login on another device", async () => {
    const user = await createVerifiedUser();
    const page = await newPage({ locale: "en-US" });
    await login(page, user);
    await page.getByText("All rights reserved.").waitFor();

    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await page.getByText("Tous droits réservés.").waitFor();
    await page.getByRole("link", { name: "Politique de confidentialité" }).waitFor();
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
});
