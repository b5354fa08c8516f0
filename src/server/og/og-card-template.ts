import type { ReactNode } from "react";
import { OG_FONT_FAMILY } from "./og-fonts.ts";
import type { OgCardFacts, OgTone } from "./og-card-facts.ts";

/** The two pictures of a game: the wide one every chat app shows, and a square one for those that crop. */
export const OG_VARIANTS = {
  wide: { width: 1200, height: 630 },
  square: { width: 600, height: 600 },
} as const;
export type OgVariant = keyof typeof OG_VARIANTS;

// The app's green (index.html's theme-color) and the badge colours of the web app's cards.
const GREEN = "#15803d";
const DARK_GREEN = "#14532d";
const TONES: Record<OgTone, { background: string; color: string }> = {
  open: { background: "#dcfce7", color: DARK_GREEN },
  full: { background: "#fef3c7", color: "#78350f" },
  closed: { background: "#fee2e2", color: "#7f1d1d" },
};

type Style = Record<string, string | number>;

/** A satori node: the shape of a React element, without React. */
function h(type: string, style: Style, ...children: (ReactNode | string)[]): ReactNode {
  return { type, key: null, props: { style, children: children.length === 1 ? children[0] : children } } as ReactNode;
}

/** One line, cut with "…" when too long: a title or a venue may be anything up to the form's limit. */
const oneLine = (fontSize: number, width: number): Style => ({ display: "block", fontSize, width, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" });
/** Up to `lines` lines, the last one cut with "…". The height is given too: satori would otherwise lay out the box as tall as the whole text. */
const clamped = (fontSize: number, lines: number, width: number): Style => ({
  display: "block",
  fontSize,
  width,
  lineClamp: lines,
  // A single long word (a pasted link, "WWWW…") breaks too, rather than running past the edge.
  wordBreak: "break-word",
  lineHeight: 1.15,
  maxHeight: Math.ceil(fontSize * 1.15 * lines),
  overflow: "hidden",
});

/** A pill around one line of text, never wider than `maxWidth` (its text is cut with "…" instead). */
function badge(text: string, colours: { background: string; color: string }, fontSize: number, maxWidth: number): ReactNode {
  const padding = Math.round(fontSize * 0.7);
  return h(
    "div",
    { display: "flex", maxWidth, padding: `${Math.round(fontSize * 0.3)}px ${padding}px`, borderRadius: 999, fontWeight: 700, backgroundColor: colours.background, color: colours.color },
    h("div", { ...oneLine(fontSize, maxWidth - 2 * padding), width: "auto", maxWidth: maxWidth - 2 * padding }, text),
  );
}

/** The picture of one game, for satori. Sizes are per variant; the layout is the same column. */
export function ogCardTemplate(facts: OgCardFacts, variant: OgVariant, appName: string): ReactNode {
  const { width, height } = OG_VARIANTS[variant];
  const wide = variant === "wide";
  const s = wide ? { pad: 64, app: 30, title: 66, titleLines: 2, line: 36, badge: 32 } : { pad: 40, app: 24, title: 44, titleLines: 3, line: 26, badge: 24 };
  // satori sizes text boxes by their content: every line gets the column's width, or a long one
  // would push past the edge instead of being cut.
  const inner = width - 2 * s.pad;
  // Wide: price and availability side by side, the price at most a third; square: one above the other.
  const badges = h(
    "div",
    { display: "flex", flexDirection: wide ? "row" : "column", alignItems: "flex-start", gap: 16, width: inner },
    badge(facts.price, { background: "#ffffff", color: DARK_GREEN }, s.badge, wide ? inner / 3 : inner),
    badge(facts.availability, TONES[facts.tone], s.badge, wide ? (inner * 2) / 3 - 16 : inner),
  );
  return h(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      // satori's boxes are content-box: the padding comes on top of the size given.
      width: width - 2 * s.pad,
      height: height - 2 * s.pad,
      padding: s.pad,
      color: "#ffffff",
      fontFamily: OG_FONT_FAMILY,
      // One flat colour: a gradient doubles the PNG's size for little.
      backgroundColor: GREEN,
    },
    h(
      "div",
      { display: "flex", alignItems: "center", gap: 14, fontSize: s.app, fontWeight: 700, opacity: 0.9 },
      h("div", { display: "flex", width: s.app * 0.8, height: s.app * 0.8, borderRadius: 999, backgroundColor: "#ffffff" }),
      h("div", oneLine(s.app, inner - s.app), appName),
    ),
    h(
      "div",
      { display: "flex", flexDirection: "column", gap: wide ? 12 : 8, width: inner },
      h("div", { ...clamped(s.title, s.titleLines, inner), fontWeight: 700 }, facts.title),
      h("div", { ...oneLine(s.line, inner), color: "#f0fdf4" }, facts.when),
      h("div", { ...oneLine(s.line, inner), color: "#f0fdf4" }, facts.venue),
    ),
    badges,
  );
}
