import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaceSuggestion } from "#shared/events.ts";
import { ADMIN_EMAIL, createTestContext, signUpVerified, TestClient, type TestContext } from "#test/test-app.ts";
import { insertEvent } from "#test/seed-events.ts";
import { googleGeocoder } from "./geocoders.ts";
import { GEOCODER_UNAVAILABLE } from "./search-places.ts";

type PlacesBody = { places: PlaceSuggestion[]; geocoderError?: string };
type ErrorBody = { error: { code: string; message: string } };

/** A Nominatim-compatible place search on loopback; `mode` switches how it answers. */
class FakeNominatim {
  mode: "ok" | "error" | "garbage" = "ok";
  requests: { url: URL; headers: IncomingHttpHeaders }[] = [];
  private server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    this.requests.push({ url, headers: request.headers });
    if (this.mode === "error") {
      response.statusCode = 500;
      response.end("boom");
      return;
    }
    response.setHeader("content-type", "application/json");
    if (this.mode === "garbage") {
      response.end(JSON.stringify({ unexpected: true }));
      return;
    }
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const places = [
      { place_id: 1, display_name: "Riverside Park Pitch 3, 100 River Road, Springfield", lat: "40.7812", lon: "-73.9665" },
      { place_id: 2, display_name: "Central Sports Ground, 5 Main Street, Springfield", lat: "40.7505", lon: "-73.9934" },
    ].filter((place) => place.display_name.toLowerCase().includes(q));
    response.end(JSON.stringify(places));
  });
  url = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let fake: FakeNominatim;
let context: TestContext;
let admin: TestClient;
beforeAll(async () => {
  fake = await new FakeNominatim().start();
  context = await createTestContext({ GEOCODER: "nominatim", GEOCODER_URL: fake.url });
  admin = (await signUpVerified(context, { email: ADMIN_EMAIL })).client;
});
afterAll(async () => {
  await context.close();
  await fake.stop();
});

describe("GET /api/places", () => {
  it("is for admins only", async () => {
    expect((await new TestClient(context).json("GET", "/api/places?q=park")).status).toBe(401);
    const { client } = await signUpVerified(context);
    expect((await client.json("GET", "/api/places?q=park")).status).toBe(403);
  });

  it.each([
    ["no query", "/api/places"],
    ["one character", "/api/places?q=a"],
    ["only spaces", "/api/places?q=%20%20%20"],
    ["over 200 characters", `/api/places?q=${"x".repeat(201)}`],
  ])("refuses %s with a 400", async (_label, path) => {
    const response = await admin.json<ErrorBody>("GET", path);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("validation");
  });

  it("asks the geocoder with format, limit, the trimmed query and a User-Agent naming the app", async () => {
    fake.mode = "ok";
    fake.requests = [];
    const response = await admin.json<PlacesBody>("GET", "/api/places?q=%20%20central%20sports%20");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      places: [{ name: "Central Sports Ground, 5 Main Street, Springfield", latitude: 40.7505, longitude: -73.9934, source: "geocoder" }],
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.url.pathname).toBe("/search");
    expect(request!.url.searchParams.get("format")).toBe("jsonv2");
    expect(request!.url.searchParams.get("limit")).toBe("5");
    expect(request!.url.searchParams.get("q")).toBe("central sports");
    expect(request!.headers["user-agent"]).toContain("Kickoff");
  });

  it("offers venues of earlier events first, each once, then the geocoder's other places", async () => {
    fake.mode = "ok";
    const db = context.database.db;
    await insertEvent(db, { locationName: "Riverside Park Pitch 3, 100 River Road, Springfield", latitude: 40.7812, longitude: -73.9665 });
    await insertEvent(db, { locationName: "Riverside Park Pitch 3, 100 River Road, Springfield", latitude: 40.7812, longitude: -73.9665 });
    await insertEvent(db, { locationName: "Old Riverside Cage", latitude: 40.1, longitude: -73.1 });
    await insertEvent(db, { locationName: "Elsewhere Arena", latitude: 41, longitude: -74 });

    const response = await admin.json<PlacesBody>("GET", "/api/places?q=RIVERSIDE");
    expect(response.status).toBe(200);
    expect(response.body.geocoderError).toBeUndefined();
    // Most recently used venue first; the geocoder's copy of a known venue is not repeated.
    expect(response.body.places).toEqual([
      { name: "Old Riverside Cage", latitude: 40.1, longitude: -73.1, source: "venue" },
      { name: "Riverside Park Pitch 3, 100 River Road, Springfield", latitude: 40.7812, longitude: -73.9665, source: "venue" },
    ]);
  });

  it("treats % and _ in the query as text", async () => {
    const response = await admin.json<PlacesBody>("GET", "/api/places?q=%25%25");
    expect(response.status).toBe(200);
    expect(response.body.places.filter((place) => place.source === "venue")).toEqual([]);
  });

  it("still answers 200 with the venues and a clear message when the geocoder fails", async () => {
    fake.mode = "error";
    const response = await admin.json<PlacesBody>("GET", "/api/places?q=old%20river");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      places: [{ name: "Old Riverside Cage", latitude: 40.1, longitude: -73.1, source: "venue" }],
      geocoderError: GEOCODER_UNAVAILABLE,
    });
    expect(GEOCODER_UNAVAILABLE).toBe("Place search is unavailable right now. Try again, or pick a venue used before.");
  });

  it("says the same when there are no venues either, or the geocoder answers nonsense", async () => {
    fake.mode = "error";
    expect((await admin.json<PlacesBody>("GET", "/api/places?q=nowhere%20at%20all")).body).toEqual({ places: [], geocoderError: GEOCODER_UNAVAILABLE });
    fake.mode = "garbage";
    expect((await admin.json<PlacesBody>("GET", "/api/places?q=garbage%20in")).body).toEqual({ places: [], geocoderError: GEOCODER_UNAVAILABLE });
  });
});

describe("GEOCODER=none", () => {
  it("offers only venues used before, and only those with a point", async () => {
    const offline = await createTestContext({ GEOCODER: "none" });
    try {
      const client = (await signUpVerified(offline, { email: ADMIN_EMAIL })).client;
      await insertEvent(offline.database.db, { locationName: "Riverside Park", latitude: 1, longitude: 2 });
      // A venue typed in by its address only has no point to pick (decision 021): not offered.
      await insertEvent(offline.database.db, { locationName: "Riverside Meadow, 2 Mill Lane", latitude: null, longitude: null });
      const response = await client.json<PlacesBody>("GET", "/api/places?q=river");
      expect(response.body).toEqual({ places: [{ name: "Riverside Park", latitude: 1, longitude: 2, source: "venue" }] });
    } finally {
      await offline.close();
    }
  });
});

describe("googleGeocoder", () => {
  it("asks Places Text Search for the fields it uses and names each place with its address", async () => {
    let seen: { headers: IncomingHttpHeaders; body: string } | undefined;
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        seen = { headers: request.headers, body };
        response.setHeader("content-type", "application/json");
        response.end(
          JSON.stringify({
            places: [
              { displayName: { text: "Riverside Park" }, formattedAddress: "100 River Rd, Springfield", location: { latitude: 40.78, longitude: -73.96 } },
              { displayName: { text: "Central" }, formattedAddress: "Central, 5 Main St", location: { latitude: 40.75, longitude: -73.99 } },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const geocoder = googleGeocoder({ apiKey: "test-key", endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/places:searchText` });
      const places = await geocoder.search("river", 5);
      expect(places).toEqual([
        { name: "Riverside Park, 100 River Rd, Springfield", latitude: 40.78, longitude: -73.96, source: "geocoder" },
        { name: "Central, 5 Main St", latitude: 40.75, longitude: -73.99, source: "geocoder" },
      ]);
      expect(seen!.headers["x-goog-api-key"]).toBe("test-key");
      expect(seen!.headers["x-goog-fieldmask"]).toBe("places.displayName,places.formattedAddress,places.location");
      expect(JSON.parse(seen!.body)).toEqual({ textQuery: "river", pageSize: 5 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
