import { isNativeApp } from "./native-bridge.ts";

/**
 * Inside the Capacitor app the web assets are local, at a subdomain of PUBLIC_URL's host
 * (https://app.<host>, capacitor://app.<host>: the same site, another origin), and the API is the
 * server at PUBLIC_URL, built in by `npm run mobile:sync` (VITE_PUBLIC_URL). In a browser the API
 * is this same origin.
 */
export function apiUrl(path: string): string {
  const server = import.meta.env.VITE_PUBLIC_URL as string | undefined;
  return isNativeApp() && server ? `${server.replace(/\/$/, "")}${path}` : path;
}
