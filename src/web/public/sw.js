// Service worker: the app shell works offline-first; the API is always fetched from the network.
const CACHE = "kickoff-shell-v2";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(["/", "/manifest.webmanifest", "/icon.svg"])));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))),
  );
  self.clients.claim();
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
          if (url.pathname === "/" && response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put("/", copy));
          }
          return response;
        })
        .catch(() => caches.match("/")),
    );
  }
});

function isAsset(response) {
  return response.ok && !(response.headers.get("content-type") ?? "").startsWith("text/html");
}
