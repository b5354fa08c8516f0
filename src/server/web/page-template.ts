import { LANGUAGES, type Language } from "#shared/language.ts";
import { withLanguage } from "./page-language.ts";

/**
 * The built page (dist/web/index.html), cut once into its fixed text and the places a request may
 * change (docs/server-rendering.md, "The page's template"): per request the page is the fixed text
 * joined with what changes, instead of the whole file read and rewritten with regular expressions.
 * Each language has its template (its `lang`, first paint and start-failure notice written once).
 */
export interface PageTemplate {
  /** The page with these places changed; any place not named keeps the build's text. */
  write(language: Language, changes?: PageChanges): string;
  /** The build's own module preloads (the main script's imports), as paths: "/assets/common-abc.js". */
  modulePreloads: readonly string[];
  /** The main script ("/assets/index-abc.js"), if the build has one. */
  mainScript: string | undefined;
  /** The stylesheet's file under the build ("assets/common-abc.css"), if the build links one. */
  stylesheet: string | undefined;
  /** The page's `<body …>` tag: its classes are the first screen's too. */
  bodyTag: string;
}

export interface PageChanges {
  /** What stands in place of `<title>` (the build's title, or before `</head>` when it has none). */
  title?: string;
  /** What stands in place of `<meta name="description">`. */
  description?: string;
  /** In place of the main script's tag. */
  script?: string;
  /** In place of the stylesheet's `<link>`. */
  stylesheet?: string;
  /** Leaves out the build's module preloads and its preloads of /api answers. */
  withoutPreloads?: boolean;
  /** Without index.html's comments and the spaces between its tags (a rendered page: its bytes count). */
  compact?: boolean;
  /**
   * In place of the whole `<div id="root">…</div>`; index.html's rules for its own first paint
   * (`<style data-first-paint>`: the body, "Loading...") are then left out, the page's root being
   * styled by its own (the stylesheet's rules for its classes, the body's included).
   */
  root?: string;
  /**
   * The icon's and the manifest's links in `<template data-after-paint>`, which fetches nothing,
   * /boot.js adding them after the first paint (a rendered page: nothing but the page is fetched
   * before it); meanwhile an empty icon (`data:,`), as a page that names none is asked /favicon.ico for.
   */
  linksAfterPaint?: boolean;
}

type Place = "title" | "description" | "script" | "stylesheet" | "preload" | "root" | "afterPaint" | "firstPaintStyle";

/**
 * Where each place is in the page, found once; a place may be missing from a build (the tests' pages).
 * `once`: only its first match is the place (the others, if any, are left as they are).
 */
const PLACES: { place: Place; pattern: RegExp; once?: true }[] = [
  { place: "description", pattern: /<meta\s+name="description"[^>]*>/gi, once: true },
  { place: "title", pattern: /<title>[\s\S]*?<\/title>/gi, once: true },
  { place: "script", pattern: /<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/g, once: true },
  { place: "preload", pattern: /<link rel="modulepreload" crossorigin href="[^"]+">\s*/g },
  { place: "stylesheet", pattern: /<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/g, once: true },
  { place: "preload", pattern: /<link rel="preload" href="\/api\/[^"]*" as="fetch"[^>]*>\s*/g },
  { place: "afterPaint", pattern: /<link rel="(?:icon|manifest)"[^>]*>/g },
  { place: "firstPaintStyle", pattern: /<style data-first-paint>[\s\S]*?<\/style>/g, once: true },
  // The root holds the first paint, one element: up to the comment that follows it in index.html.
  { place: "root", pattern: /<div id="root">[\s\S]*?<\/div>(?=\s*<!--)/g, once: true },
];

interface Cut {
  /** fixed[0], place[0], fixed[1], place[1], … fixed[n]. */
  fixed: string[];
  /** The same without the build's comments and the spaces between tags. */
  compact: string[];
  places: { place: Place; text: string }[];
}

function cut(html: string): Cut {
  const found: { place: Place; start: number; end: number; text: string }[] = [];
  for (const { place, pattern, once } of PLACES) {
    for (const match of html.matchAll(pattern)) {
      found.push({ place, start: match.index, end: match.index + match[0].length, text: match[0] });
      if (once) break;
    }
  }
  // A page without a title gets the event's head before </head>, as withEventPreview does.
  if (!found.some((at) => at.place === "title")) {
    const end = html.search(/<\/head>/i);
    if (end !== -1) found.push({ place: "title", start: end, end, text: "" });
  }
  found.sort((a, b) => a.start - b.start);
  const fixed: string[] = [];
  const places: Cut["places"] = [];
  let at = 0;
  for (const place of found) {
    if (place.start < at) continue; // overlapping matches: the first wins
    fixed.push(html.slice(at, place.start));
    places.push({ place: place.place, text: place.text });
    at = place.end;
  }
  fixed.push(html.slice(at));
  // The build's comments and the spaces between its tags are for the people who read index.html.
  return { fixed, compact: fixed.map(compact), places };
}

/** Every place is a tag: the spaces at a fixed text's ends are between tags too. */
function compact(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>\s+</g, "><")
    .replace(/^\s+</, "<")
    .replace(/>\s+$/, ">")
    // Between two places (two tags), only spaces.
    .replace(/^\s+$/, "");
}

/** An icon that is no request (boot.js takes it away when it adds the page's own). */
const EMPTY_ICON = '<link rel="icon" href="data:,">';

/** What stands at a place of the page, given the changes asked for. */
function written(place: Place, text: string, changes: PageChanges): string {
  if (place === "preload") return changes.withoutPreloads ? "" : text;
  if (place === "firstPaintStyle") return changes.root === undefined ? text : "";
  if (place === "afterPaint") return changes.linksAfterPaint ? `${text.startsWith('<link rel="icon"') ? EMPTY_ICON : ""}<template data-after-paint>${text}</template>` : text;
  return changes[place] ?? text;
}

/** The template of a built page's text (index.html as the build wrote it). */
export function pageTemplate(html: string): PageTemplate {
  const cuts = new Map<Language, Cut>(LANGUAGES.map((language) => [language, cut(withLanguage(html, language))]));
  const english = cut(html);
  const textOf = (place: Place) => english.places.filter((found) => found.place === place).map((found) => found.text);
  const plain = new Map<Language, string>();
  return {
    modulePreloads: textOf("preload").flatMap((tag) => /rel="modulepreload" crossorigin href="([^"]+)"/.exec(tag)?.[1] ?? []),
    mainScript: textOf("script").map((tag) => /src="([^"]+)"/.exec(tag)![1]!)[0],
    stylesheet: textOf("stylesheet").map((tag) => /href="\/([^"]+)"/.exec(tag)![1]!)[0],
    bodyTag: /<body\b[^>]*>/i.exec(html)?.[0] ?? "",
    write(language, changes) {
      if (!changes) {
        let page = plain.get(language);
        if (page === undefined) plain.set(language, (page = this.write(language, {})));
        return page;
      }
      const cut = cuts.get(language)!;
      const { places } = cut;
      const fixed = changes.compact ? cut.compact : cut.fixed;
      let page = fixed[0]!;
      for (let index = 0; index < places.length; index++) {
        const { place, text } = places[index]!;
        page += written(place, text, changes) + fixed[index + 1]!;
      }
      return page;
    },
  };
}
