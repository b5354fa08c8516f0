import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";

const { newPage } = useBrowser();

const menuButton = (page: Page) => page.getByRole("button", { name: /open menu/i });

describe("session", () => {
  it("logs out on the first activity after the idle limit passed unseen (a laptop woken from sleep)", async () => {
    const page = await newPage();
    await login(page, await createVerifiedUser());
    // While a laptop sleeps no timer runs: the 60-second check has not fired, and the stored expiry is past.
    await page.evaluate(() => localStorage.setItem("sessionExpiration", String(Date.now() - 1_000)));
    await page.mouse.move(200, 300);
    await page.mouse.move(240, 340);
    await page.getByText("You are logged out").waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: "Login" }).waitFor();
    expect(await menuButton(page).count()).toBe(0);
  });
});
