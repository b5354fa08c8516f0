import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { useBrowser } from "./support/browser.ts";

const { newPage } = useBrowser();

describe("smoke", () => {
  it("serves the login screen titled with the product name, and logs a verified user in", async () => {
    const page = await newPage();
    await page.goto("/");
    await expect.poll(() => page.getByRole("heading", { name: "Kickoff" }).isVisible()).toBe(true);
    const user = await createVerifiedUser();
    await login(page, user);
    expect(await page.getByText("You are logged in!").isVisible()).toBe(true);
  });
});
