import { randomUUID } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webPush from "web-push";
import type { Config } from "#server/config.ts";

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID identity (docs/notifications.md): from the environment (several instances share
 * it), else generated once into DATA_DIR and kept, as the auth secret is, so subscriptions outlive a
 * restart. A browser subscribes with the public key; every push is signed with the private one.
 */
export function vapidDetailsOf(config: Pick<Config, "dataDir" | "push">): VapidDetails {
  const keys = config.push.vapidKeys ?? keptKeys(config.dataDir);
  return { subject: config.push.subject, ...keys };
}

function keptKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === "string" && typeof kept.privateKey === "string") return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    throw new Error(`${file} holds no VAPID keys; delete it to generate new ones (every device then subscribes again)`);
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole under another name, then linked into place: the link fails if another process got
  // there first, whose keys are then read instead (never a half-written file, never two identities).
  const draft = join(dataDir, `vapid-keys.${randomUUID()}.tmp`);
  writeFileSync(draft, JSON.stringify(webPush.generateVAPIDKeys()), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return keptKeys(dataDir);
}
