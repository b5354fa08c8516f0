import { createHash } from "node:crypto";
import type { Language } from "#shared/language.ts";
import { type OgVariant } from "./og-card-template.ts";

/**
 * Bumped whenever the template's drawing changes: it is part of every picture's URL, so pictures
 * cached for a year under the old URLs are simply no longer asked for.
 */
const TEMPLATE_REVISION = 1;

/** What a picture depends on besides its language and variant; `version` is bumped on every change of the game (docs/live-updates.md). */
export interface OgStampInput {
  version: number;
  /** The game has ended: the picture then says so, though nothing bumped the version. */
  over: boolean;
  currency: string;
  appName: string;
}

/**
 * The part of a picture's URL that changes whenever the picture would: "12-3f9a1c0b" is version 12
 * with a fingerprint of the rest (the game ended or not, the currency and app name from the
 * configuration, the template). A URL is therefore only ever one picture, cacheable for a year.
 */
export function ogStamp(input: OgStampInput): string {
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([TEMPLATE_REVISION, input.over, input.currency.toLowerCase(), input.appName]))
    .digest("hex")
    .slice(0, 8);
  return `${input.version}-${fingerprint}`;
}

/** "/og/event/<id>/<stamp>/fr.png", "/og/event/<id>/<stamp>/fr-square.png". */
export function ogImagePath(eventId: string, stamp: string, language: Language, variant: OgVariant): string {
  return `/og/event/${eventId}/${stamp}/${language}${variant === "square" ? "-square" : ""}.png`;
}

const FILE_PATTERN = /^(en|fr)(-square)?\.png$/;

/** The language and variant a picture's file name asks for, or null for any other name. */
export function parseOgFileName(file: string): { language: Language; variant: OgVariant } | null {
  const match = FILE_PATTERN.exec(file);
  if (!match) return null;
  return { language: match[1] as Language, variant: match[2] ? "square" : "wide" };
}
