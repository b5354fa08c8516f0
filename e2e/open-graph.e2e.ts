import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "../src/shared/events.ts";
import { createVerifiedUser, PASSWORD } from "./support/accounts.ts";
import { baseURL, useBrowser } from "./support/browser.ts";
import { ADMIN_EMAIL } from "./support/global-setup.ts";

const { newPage, browser } = useBrowser();

/** Signs the admin in with fetch, as a script would, and returns its session cookie header. */
async function adminCookie(): Promise<string> {
  await createVerifiedUser({ email: ADMIN_EMAIL, firstName: "Ada", lastName: "Admin" }).catch((error: unknown) => {
    // Another spec file may have signed the admin up already.
    if (!(error instanceof Error && /sign-up failed: 422/.test(error.message))) throw error;
  });
  const response = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL() },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function createEvent(title: string): Promise<EventDetail> {
  const response = await fetch(`${baseURL()}/api/events`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL(), cookie: await adminCookie() },
    body: JSON.stringify({
      title,
      date: "2031-12-06",
      time: "10:00",
      timeZone: "America/New_York",
      durationHours: 1,
      durationMinutes: 30,
      location: { name: "Riverside Park", latitude: 40.7812, longitude: -73.9665 },
      cost: "10",
      maxPlayers: 5,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { event: EventDetail }).event;
}

/** The content of every og:/twitter: tag in the page's head, as the document has it. */
function previewTags(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.head.querySelectorAll("meta[property^='og:'], meta[name^='twitter:']")].map((meta) => [
        meta.getAttribute("property") ?? meta.getAttribute("name") ?? "",
        meta.getAttribute("content") ?? "",
      ]),
    ),
  );
}

describe("link previews of /event/{id}", () => {
  it("carry the game's title, when, where and spots left, for visitors who are not signed in", async () => {
    const title = `Saturday 5-a-side & "friends" ${Date.now().toString(36)}`;
    const event = await createEvent(title);
    const description = "Sat, Dec 6, 2031 · 10:00 AM – 11:30 AM · Riverside Park · 5 spots left";
    const expected = {
      "og:type": "website",
      "og:site_name": "Kickoff",
      "og:title": title,
      "og:description": description,
      "og:url": `${baseURL()}/event/${event.id}`,
      "og:image": `${baseURL()}/icon-512.png`,
      "twitter:card": "summary",
      "twitter:title": title,
      "twitter:description": description,
    };

    // As a link-preview bot sees it: no JavaScript, no cookies.
    const botContext = await browser().newContext({ javaScriptEnabled: false, baseURL: baseURL() });
    try {
      const bot = await botContext.newPage();
      const response = await bot.goto(`/event/${event.id}`);
      expect(response?.status()).toBe(200);
      expect(await previewTags(bot)).toEqual(expected);
      expect(await bot.title()).toBe(`${title} · Kickoff`);
    } finally {
      await botContext.close();
    }

    // In a real browser the web app still starts from the same document.
    const page = await newPage();
    await page.goto(`/event/${event.id}`);
    expect(await previewTags(page)).toEqual(expected);
    await expect.poll(() => page.getByRole("heading", { name: "Kickoff" }).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it("are left out for an unknown event (the plain page; the app says 'Event not found.')", async () => {
    const page = await newPage();
    const response = await page.goto("/event/0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11");
    expect(response?.status()).toBe(200);
    expect(await previewTags(page)).toEqual({});
  });
});
