// Service worker: the app shell works offline-first; the API is always fetched from the network
// (the page keeps the last answers it showed itself: src/web/lib/saved-answers.ts).
const CACHE = "kickoff-shell-v5";
// The page's saved answers: kept across versions (the page deletes them when the session ends).
const DATA_CACHE = "kickoff-data-v1";

// The offline shell is the page as the browser renders it, never one the server rendered for the person
// signed in (docs/server-rendering.md): asked for with this header, the server renders nothing.
const shellRequest = () => new Request("/", { headers: { "X-Kickoff-Shell": "1" } });

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all([fetch(shellRequest()).then((response) => (response.ok ? cache.put("/", response) : Promise.reject(new Error("no shell")))), cache.addAll(["/manifest.webmanifest", "/icon.svg"])]),
    ),
  );
  // The first version takes over at once; a new one waits until the page offers "Reload".
  if (!self.registration.active) self.skipWaiting();
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") self.skipWaiting();
  // The files the page loaded before this worker controlled it (main.tsx).
  if (event.data?.type === "CACHE_ASSETS" && Array.isArray(event.data.urls)) {
    const urls = event.data.urls.filter((url) => typeof url === "string" && new URL(url).origin === self.location.origin && new URL(url).pathname.startsWith("/assets/"));
    event.waitUntil(
      caches.open(CACHE).then((cache) =>
        Promise.all(
          urls.map((url) =>
            cache.match(url).then((hit) => hit || fetch(url).then((response) => (isAsset(response) ? cache.put(url, response) : undefined))).catch(() => undefined),
          ),
        ),
      ),
    );
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE && key !== DATA_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/dev/")) return;
  if (url.pathname.startsWith("/assets/")) {
    // Hashed, immutable files: cache first. Only a real file is kept: an error, or the page a server
    // answers for a file it no longer has (after a deploy), would otherwise be served for good.
    event.respondWith(
      caches.match(event.request).then(
        (hit) =>
          hit ||
          fetch(event.request).then((response) => {
            if (isAsset(response)) {
              const copy = response.clone();
              caches.open(CACHE).then((cache) => cache.put(event.request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }
  if (event.request.mode === "navigate") {
    // Pages: network first so deploys show at once; the cached shell when offline, kept up to date.
    event.respondWith(
      fetch(event.request)
        .then((response) => {
          // Kept up to date with each visit of /, as the browser renders it.
          if (url.pathname === "/" && response.ok) {
            fetch(shellRequest())
              .then((shell) => (shell.ok ? caches.open(CACHE).then((cache) => cache.put("/", shell)) : undefined))
              .catch(() => undefined);
          }
          return response;
        })
        .catch(() => caches.match("/")),
    );
    return;
  }
  // Top-level files (manifest, icons): the network, else the copy from install.
  event.respondWith(fetch(event.request).catch(() => caches.match(event.request).then((hit) => hit || Response.error())));
});

function isAsset(response) {
  return response.ok && !(response.headers.get("content-type") ?? "").startsWith("text/html");
}

// Push notifications (docs/notifications.md): the server sends { title, body, url, tag } encrypted to
// this browser; it is shown at once (userVisibleOnly), one per game and kind (the tag replaces the last).
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { title: event.data ? event.data.text() : "" };
  }
  const title = typeof message.title === "string" && message.title ? message.title : "Kickoff";
  const take = takeOf(message.take);
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      // A freed spot's one tap, "Take it — $10.00 with Visa •••• 4242" (browsers without actions open the game).
      actions: take ? [{ action: "take", title: take.label }] : [],
      data: { url: typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/", ...(take && { take }) },
    }),
  );
});

/** The push's `take`, when whole: what the server offered, posted back as it came (the server checks it all again). */
function takeOf(take) {
  if (!take || typeof take !== "object") return null;
  const { label, eventId, role, paymentMethodId, expectedPriceCents } = take;
  if (typeof label !== "string" || typeof eventId !== "string" || (role !== "player" && role !== "goalkeeper")) return null;
  if (!Number.isInteger(expectedPriceCents) || (paymentMethodId !== null && typeof paymentMethodId !== "string")) return null;
  return { label, eventId, role, paymentMethodId, expectedPriceCents };
}

// A tap opens the game: in a window of the app already open (brought forward), else a new one.
// "Take it" joins first, then opens the game, whose page says how it went.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data ?? {};
  if (event.action === "take" && data.take) event.waitUntil(takeFromNotification(data).then(() => openFromNotification(data.url ?? "/")));
  else event.waitUntil(openFromNotification(data.url ?? "/"));
});

/**
 * "Take it": the join with this device's session, the card and the price the push named, as the
 * game's Join button would post it. The tap is the consent to that charge; the server prices it again
 * under the game's lock and charges at most once, however many taps and devices (docs/notifications.md,
 * "A freed spot"). A card that asks for the bank's check, a spot taken meanwhile or a lapsed session
 * leave the join to the game's page. Resolves to the answer's status (0: no answer).
 */
function takeFromNotification(data) {
  const { take } = data;
  const body = { role: take.role, expectedPriceCents: take.expectedPriceCents, ...(take.paymentMethodId && { paymentMethodId: take.paymentMethodId }) };
  return fetch(`/api/events/${encodeURIComponent(take.eventId)}/registrations`, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then(
    (response) => response.status,
    () => 0,
  );
}
self.takeFromNotification = takeFromNotification;

/** Opens the app's `path` (the e2e spec calls it as a tap would: headless Chromium has no tap on a notification). */
function openFromNotification(path) {
  const url = new URL(path, self.location.origin).href;
  // Only windows this worker controls can be navigated.
  return self.clients.matchAll({ type: "window" }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    // Brought forward where the tap allows it; the game opens in it either way.
    return open.navigate(url).then((client) => (client ?? open).focus().catch(() => client ?? open));
  });
}
self.openFromNotification = openFromNotification;
