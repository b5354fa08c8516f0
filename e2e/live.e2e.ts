import { createServer, type Server, type Socket, connect as connectTcp } from "node:net";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createVerifiedUser, login } from "./support/accounts.ts";
import { baseURL, useBrowser } from "./support/browser.ts";
import { joinGame, seedGame, seedRegistrations, type SeededGame, uniqueTitle, useDatabase } from "./support/games.ts";

/**
 * Issue 17, live spots (docs/live-updates.md): two people in two browsers on one game; what one
 * does shows on the other's page within a second, from the stream, without a reload or a poll; and
 * a stream that drops comes back with the game as it is now.
 */
const { newPage } = useBrowser();
const database = useDatabase();

async function signedIn(firstName: string) {
  const user = await createVerifiedUser({ firstName, lastName: "Live" });
  const page = await newPage({ width: 1280, height: 900, timezoneId: "UTC" });
  await login(page, user);
  return { page, user };
}

/** Opens the game's page at `origin` and waits until its stream has answered. */
async function openLive(page: Page, game: SeededGame, origin = baseURL()) {
  const streamOpen = page.waitForResponse((response) => response.url().endsWith(`/api/events/${game.id}/stream`) && response.status() === 200);
  await page.goto(`${origin}/event/${game.id}`);
  await page.getByRole("heading", { name: game.title, level: 1 }).waitFor();
  await streamOpen;
}

/** Reads of the game's page (not its stream) the page makes from now on. */
function pageReads(page: Page, game: SeededGame): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/events/${game.id}`) count += 1;
  });
  return () => count;
}

describe("live spots", () => {
  it("one cancels; the other sees 'Spot 2 - Open' and Join within a second, without a reload", { timeout: 120_000 }, async () => {
    const game = await seedGame(database(), { title: uniqueTitle("Live Spot Game"), maxPlayers: 2 });
    await seedRegistrations(database(), game, ["Fiona Filler"], { status: "confirmed" });
    const leaver = await signedIn("Leah");
    await joinGame(leaver.page, game, { role: "player" });
    const watcher = await signedIn("Wes");
    await openLive(watcher.page, game);
    const players = watcher.page.getByRole("region", { name: "Players", exact: true });
    await expect.poll(() => players.getByText("Leah Live").isVisible()).toBe(true);
    expect(await watcher.page.getByText("Spot 2 - Open").count()).toBe(0);
    const reads = pageReads(watcher.page, game);
    const loads: string[] = [];
    watcher.page.on("framenavigated", (frame) => loads.push(frame.url()));

    const cancelled = await leaver.page.request.delete(`/api/events/${game.id}/registrations/me`);
    expect(cancelled.status()).toBe(200);
    await players.getByText("Spot 2 - Open").waitFor({ timeout: 1_000 });
    await watcher.page.getByRole("button", { name: "Join as Player" }).first().waitFor({ timeout: 1_000 });
    // From the stream: the page was neither reloaded nor read again.
    expect(loads).toEqual([]);
    expect(reads()).toBe(0);
    expect(await players.getByText("Leah Live").count()).toBe(0);
  });

  describe("a stream that drops", () => {
    const proxy = new DroppingProxy();
    afterAll(() => proxy.stop());

    it("reconnects and shows the game as it is now", { timeout: 120_000 }, async () => {
      const game = await seedGame(database(), { title: uniqueTitle("Live Drop Game"), maxPlayers: 3 });
      const watcher = await signedIn("Dora");
      // The same host on another port: the session cookie goes along (cookies do not keep to a port).
      const origin = await proxy.start(new URL(baseURL()));
      await openLive(watcher.page, game, origin);
      const players = watcher.page.getByRole("region", { name: "Players", exact: true });
      await players.getByText("Spot 1 - Open").waitFor();

      // The app's service worker is in first: its script fetched through a cut connection is an error
      // Chrome logs on the page ("An unknown error occurred when fetching the script"), not the stream's.
      await watcher.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      // So is the map, which loads its code and stylesheet once it is near the screen: cut while they
      // were on their way, the page logged "map failed to load" (a CI run, 2026-11-29).
      await watcher.page.locator(".leaflet-container").waitFor();
      // The connection is cut and nothing gets through for a while; meanwhile someone joins.
      const reconnected = watcher.page.waitForResponse((response) => response.url().endsWith(`/api/events/${game.id}/stream`) && response.status() === 200, { timeout: 30_000 });
      proxy.cutAndHold();
      const joiner = await signedIn("Jay");
      await joinGame(joiner.page, game, { role: "player" });
      proxy.release();

      await reconnected;
      await players.getByText("Jay Live").waitFor({ timeout: 5_000 });
      await expect.poll(() => players.getByText("Spot 1 - Open").count()).toBe(0);
    });
  });
});

/**
 * A TCP relay in front of the app that can cut every connection and hold new ones until released:
 * what a phone going through a tunnel, or a restarting proxy, does to a stream.
 */
class DroppingProxy {
  private server: Server | undefined;
  private readonly open = new Set<Socket>();
  private held: Socket[] = [];
  private holding = false;
  private target: URL | undefined;

  async start(target: URL): Promise<string> {
    this.target = target;
    this.server = createServer((client) => {
      if (this.holding) this.held.push(client);
      else this.relay(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://${target.hostname}:${(this.server.address() as AddressInfo).port}`;
  }

  private relay(client: Socket) {
    const upstream = connectTcp(Number(this.target!.port), this.target!.hostname);
    this.open.add(client).add(upstream);
    const forget = () => {
      this.open.delete(client);
      this.open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    client.pipe(upstream).pipe(client);
  }

  cutAndHold() {
    this.holding = true;
    for (const socket of [...this.open]) socket.destroy();
  }

  release() {
    this.holding = false;
    for (const client of this.held.splice(0)) if (!client.destroyed) this.relay(client);
  }

  stop() {
    for (const socket of [...this.open, ...this.held]) socket.destroy();
    this.server?.close();
  }
}
