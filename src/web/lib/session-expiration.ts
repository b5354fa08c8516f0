/**
 * The session (docs/product-rules.md, "Sessions"): the client keeps `sessionExpiration` (a timestamp)
 * in localStorage; activity renews it; it is checked every 60 s. The server enforces the same limit
 * on its own.
 */
const KEY = "sessionExpiration";
let idleMs = 10 * 60_000;

export function setIdleLimit(ms: number) {
  idleMs = ms;
}

export function startSessionExpiration(now = Date.now()) {
  localStorage.setItem(KEY, String(now + idleMs));
}

export function clearSessionExpiration() {
  localStorage.removeItem(KEY);
}

export function sessionExpired(now = Date.now()): boolean {
  const stored = Number(localStorage.getItem(KEY));
  return Boolean(stored) && stored <= now;
}
