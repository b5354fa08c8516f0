import { describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { useBrowser } from "./support/browser.ts";
import { openGame, paymentDialog, screenshotOnScreen } from "./support/pages.ts";
import { adminAccount, seedGame, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Game on (issue 33, docs/game-on.md) in Chromium at 375 px: the organiser turns it on in the edit
 * form; a player's join holds the card instead of charging it (the sheet says so and asks the consent)
 * and the page says the minimum, the count and when it is decided, then the hold; the same page in
 * French. The decision, the captures and the call-off are proven in the integration tests
 * (src/server/registrations/game-on.test.ts).
 */
const { newPage } = useBrowser();
const database = useDatabase();
const PHONE = { width: 375, height: 760, isMobile: true, hasTouch: true, timezoneId: "UTC" } as const;

describe("game on at 375 px", () => {
  it("the organiser sets a minimum; a join holds the card; the page tells the minimum, the decision and the hold", { timeout: 120_000 }, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Game On"), costCents: 1000, startsInHours: 30 });

    const admin = await newPage(PHONE);
    await login(admin, await adminAccount());
    await admin.goto(`/admin/event/${game.id}/edit`);
    await admin.getByLabel("Game on only with enough players").check();
    await admin.getByLabel("Players needed").fill("2");
    await admin.getByLabel("Decide this many hours before kick-off").fill("24");
    await admin.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(async () => (await database().query(`select game_on_state from event where id = $1`, [game.id])).rows[0]?.game_on_state, { timeout: 15_000 }).toBe("open");

    const player = await createVerifiedUser({ firstName: "Holly", lastName: "Holder" });
    const page = await newPage(PHONE);
    await login(page, player);
    await openGame(page, game);
    await page.getByText(/^Game on at 2 players — 0 so far\. Decided /).waitFor();

    await page.getByRole("button", { name: "Join as Player" }).click();
    const dialog = paymentDialog(page);
    await dialog.getByLabel("Card number").fill("4242 4242 4242 4242");
    await dialog.getByLabel("Expiry (MM/YY)").fill("12/34");
    await dialog.getByLabel("CVC").fill("123");
    await dialog.getByText(/^Nothing is charged now: \$10\.00 is held on your card/).waitFor();
    const hold = dialog.getByRole("button", { name: "Hold $10.00" });
    await hold.click();
    // Without the consent the sheet says it is needed and sends nothing.
    expect(await dialog.getByRole("alert").count()).toBeGreaterThan(0);
    await dialog.getByLabel("I agree that $10.00 is held on my card and charged if the game is on.").check();
    await expectNoAxeViolations(page, dialog);
    await hold.click();

    await page.getByText(/^Your card is held for \$10\.00\. It is charged only if the game is on/).waitFor({ timeout: 15_000 });
    await page.getByText(/^Game on at 2 players — 1 so far\./).waitFor();
    const { rows } = await database().query(`select h.status, (select count(*)::int from payment p where p.registration_id = h.registration_id) as payments
       from card_hold h where h.event_id = $1`, [game.id]);
    expect(rows).toEqual([{ status: "held", payments: 0 }]);
    await screenshotOnScreen(page, "game-on-held-375");

    // A French browser (the account never chose): the same line in French.
    const french = await newPage({ ...PHONE, locale: "fr-CA" });
    await login(french, await createVerifiedUser({ firstName: "Fanny", lastName: "Français" }));
    await openGame(french, game);
    await french.getByText(/^La partie a lieu à 2 joueurs — 1 pour l’instant\. Décision le /).waitFor();
  });
});
