import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventDetail } from "#shared/events.ts";
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

/** The tags other than the pictures' (which repeat, one set per picture). */
function textTags(tags: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(tags).filter(([key]) => !key.includes("image")));
}

/** Each og:image with the size and alt tags that follow it, in page order. */
function imageTags(page: Page): Promise<{ url: string; width?: string; height?: string; alt?: string }[]> {
  return page.evaluate(() => {
    const images: { url: string; width?: string; height?: string; alt?: string }[] = [];
    for (const meta of document.head.querySelectorAll("meta[property^='og:image']")) {
      const [key, content] = [meta.getAttribute("property"), meta.getAttribute("content") ?? ""];
      if (key === "og:image") images.push({ url: content });
      else if (key === "og:image:width") images.at(-1)!.width = content;
      else if (key === "og:image:height") images.at(-1)!.height = content;
      else if (key === "og:image:alt") images.at(-1)!.alt = content;
    }
    return images;
  });
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
      "twitter:card": "summary",
      "twitter:title": title,
      "twitter:description": description,
    };

    // As a link-preview bot sees it: no JavaScript, no cookies.
    const botContext = await browser().newContext({ javaScriptEnabled: false, baseURL: baseURL(), locale: "en-US" });
    try {
      const bot = await botContext.newPage();
      const response = await bot.goto(`/event/${event.id}`);
      expect(response?.status()).toBe(200);
      expect(textTags(await previewTags(bot))).toEqual(expected);
      expect(await bot.title()).toBe(`${title} · Kickoff`);
      // The game's own picture, wide then square, each with its size and alt text (docs/link-previews.md).
      const images = await imageTags(bot);
      const stamped = `${baseURL()}/og/event/${event.id}/\\d+-[0-9a-f]{8}`;
      expect(images).toEqual([
        { url: expect.stringMatching(new RegExp(`^${stamped}/en\\.png$`)), width: "1200", height: "630", alt: expect.stringContaining(title) },
        { url: expect.stringMatching(new RegExp(`^${stamped}/en-square\\.png$`)), width: "600", height: "600", alt: expect.stringContaining(title) },
      ]);
      const picture = await bot.goto(images[0]!.url);
      expect(picture?.status()).toBe(200);
      expect(picture?.headers()["content-type"]).toBe("image/png");
      expect(picture?.headers()["cache-control"]).toContain("immutable");
    } finally {
      await botContext.close();
    }

    // In a real browser the web app still starts from the same document.
    const page = await newPage();
    await page.goto(`/event/${event.id}`);
    expect(textTags(await previewTags(page))).toEqual(expected);
    await expect.poll(() => page.getByRole("heading", { name: "Kickoff" }).isVisible(), { timeout: 15_000 }).toBe(true);
    // Both pictures decode in the browser at the size their tags state.
    for (const image of await imageTags(page)) {
      const size = await page.evaluate(async (url) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        return { width: String(img.naturalWidth), height: String(img.naturalHeight) };
      }, image.url);
      expect(size).toEqual({ width: image.width, height: image.height });
    }
  });

  it("are left out for an unknown event (the plain page; the app says 'Event not found.')", async () => {
    const page = await newPage();
    const response = await page.goto("/event/0b6c8f5e-2f8a-4c43-9b5e-6d8f1f0f3a11");
    expect(response?.status()).toBe(200);
    expect(await previewTags(page)).toEqual({});
  });
});
