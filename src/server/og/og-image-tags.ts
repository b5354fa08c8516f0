import type { EventSummary } from "#shared/events.ts";
import type { Language } from "#shared/language.ts";
import { isOver, ogCardFacts } from "./og-card-facts.ts";
import { OG_VARIANTS } from "./og-card-template.ts";
import { ogImagePath, ogStamp } from "./og-image-url.ts";

export type MetaTag = [attribute: "property" | "name", key: string, value: string];

/**
 * The image tags of a game's page: the wide picture first (what WhatsApp, iMessage, Slack, Facebook
 * show), then the square one as a second `og:image` for apps that pick a square or crop to one, each
 * followed by its own size and alt text as the Open Graph protocol structures them; and the square
 * one again as `twitter:image`, since the page's card is Twitter's square "summary". Absolute URLs
 * in the viewer's language, stamped with the game's version (og-image-url.ts).
 */
export function ogImageTags(
  summary: EventSummary,
  options: { version: number; language: Language; publicUrl: string; currency: string; appName: string; now: Date },
): MetaTag[] {
  const stamp = ogStamp({ version: options.version, over: isOver(summary, options.now), currency: options.currency, appName: options.appName });
  const { alt } = ogCardFacts(summary, options);
  const url = (variant: "wide" | "square") => `${options.publicUrl}${ogImagePath(summary.id, stamp, options.language, variant)}`;
  const image = (variant: "wide" | "square"): MetaTag[] => [
    ["property", "og:image", url(variant)],
    ["property", "og:image:type", "image/png"],
    ["property", "og:image:width", String(OG_VARIANTS[variant].width)],
    ["property", "og:image:height", String(OG_VARIANTS[variant].height)],
    ["property", "og:image:alt", alt],
  ];
  return [...image("wide"), ...image("square"), ["name", "twitter:image", url("square")], ["name", "twitter:image:alt", alt]];
}
