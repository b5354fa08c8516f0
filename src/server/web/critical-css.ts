/**
 * The part of the app's stylesheet a rendered page's first screen uses, to inline in the page
 * (docs/server-rendering.md, "What the page carries"; decision 046). The whole stylesheet (~40 KB) is
 * a cached file the page asks for after its first paint; what the first screen needs is the base rules
 * (no class in their selector: the reset, the theme's variables) and the rules of the classes its HTML
 * names, a few kilobytes.
 *
 * The stylesheet is cut into rules once, when first needed; per page its classes are read from the
 * HTML and the rules for that set of classes are kept, so the pages of a screen, which name the same
 * classes, are joined once. A rule is kept when one of its selectors names only classes the page has;
 * at-rules (@media, @supports, @layer) when a rule inside is; custom properties (the theme's
 * `--color-…`, `@property --tw-…`) and keyframes when the kept rules use them. So the first paint is
 * drawn with exactly what the whole stylesheet would apply to it, and nothing moves when it arrives.
 */
export function criticalStylesheet(css: string | undefined) {
  if (css === undefined) return undefined;
  const rules = parse(css);
  // The cascade layers in the stylesheet's order, declared first: a layer the page's rules leave
  // out would otherwise be ordered after the others once the whole stylesheet arrives, and win
  // over them (Tailwind's `properties` layer over its utilities).
  const layers = rules.flatMap((rule) => (rule.kind === "group" && /^@layer [\w-]+$/.test(rule.prelude) ? [rule.prelude.slice(7)] : rule.kind === "statement" && /^@layer [\w-]+;$/.test(rule.text) ? [rule.text.slice(7, -1)] : []));
  const order = layers.length > 1 ? `@layer ${layers.join(",")};` : "";
  const chosen = new Map<string, string>();
  return {
    /**
     * The rules a page needs for its first paint, as CSS text, from its elements ("<div") and its
     * class attributes' texts, each once: as the render gathered them (src/web/lib/styled-elements.ts),
     * or as `attributesOf` reads them from HTML. On a narrow screen (the device cookie's), not those
     * for wider ones (`@media (width>=48rem)`…), which its first paint cannot use.
     */
    for(attributes: Set<string>, device: { narrow: boolean }): string {
      // Pages of a screen name the same ones in the same order: that is the key, with no more work.
      const key = `${device.narrow ? "narrow" : "wide"}\n${[...attributes].join("\n")}`;
      let text = chosen.get(key);
      if (text === undefined) {
        const classes = new Set<string>();
        for (const attribute of attributes) {
          if (attribute.startsWith("<")) classes.add(attribute);
          else for (const name of attribute.split(" ")) if (name) classes.add(unescapeHtml(name));
        }
        text = order + choose(rules, classes, device.narrow);
        // Bounded: a screen names a few sets of classes; a flood of unusual pages only costs the choice again.
        if (chosen.size >= 256) chosen.clear();
        chosen.set(key, text);
      }
      return text;
    },
  };
}

/**
 * Each element name (as "<div") and each class attribute's text in the HTML, once: what
 * `/\bclass="([^"]*)"|<([a-z][a-z0-9-]*)/g` finds (critical-css.test.ts checks both find the same),
 * for the page's body tag, which the render does not draw.
 */
export function attributesOf(html: string): Set<string> {
  const found = new Set<string>();
  for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", at + 1)) {
    let end = at + 1;
    if (!isLowerLetter(html.charCodeAt(end))) continue;
    while (isNameCharacter(html.charCodeAt(end))) end++;
    found.add(html.slice(at, end));
  }
  for (let at = html.indexOf('class="'); at !== -1; at = html.indexOf('class="', at + 7)) {
    // `\b`: "class" starts a word.
    if (at > 0 && isWordCharacter(html.charCodeAt(at - 1))) continue;
    const end = html.indexOf('"', at + 7);
    if (end === -1) break;
    found.add(html.slice(at + 7, end));
    at = end - 6;
  }
  return found;
}

const isLowerLetter = (code: number) => code >= 97 && code <= 122;
const isNameCharacter = (code: number) => isLowerLetter(code) || (code >= 48 && code <= 57) || code === 45;
const isWordCharacter = (code: number) => isLowerLetter(code) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || code === 95;

type Rule =
  /** A style rule: its selectors' classes and elements (one set per selector; an empty set matches any page). */
  | { kind: "style"; prelude: string; body: string; selectors: Set<string>[] }
  /** @media, @supports, @layer with a block: kept when a rule inside is. */
  | { kind: "group"; prelude: string; children: Rule[] }
  /** @property --x, @keyframes name: kept when the kept rules name them. */
  | { kind: "named"; prelude: string; body: string; name: string }
  /** Anything else (@layer a,b; @charset…): always kept. */
  | { kind: "statement"; text: string };

function parse(css: string): Rule[] {
  let at = 0;
  const rules = (): Rule[] => {
    const list: Rule[] = [];
    while (at < css.length) {
      skipSpaceAndComments();
      if (at >= css.length || css[at] === "}") {
        at++;
        return list;
      }
      const start = at;
      const end = scanTo(["{", ";", "}"]);
      const prelude = css.slice(start, end).trim();
      if (css[end] !== "{") {
        at = css[end] === ";" ? end + 1 : end;
        if (prelude) list.push({ kind: "statement", text: `${prelude};` });
        continue;
      }
      at = end + 1;
      if (prelude.startsWith("@media") || prelude.startsWith("@supports") || prelude.startsWith("@layer") || prelude.startsWith("@container")) {
        list.push({ kind: "group", prelude, children: rules() });
        continue;
      }
      const bodyStart = at;
      const bodyEnd = blockEnd();
      const body = css.slice(bodyStart, bodyEnd);
      at = bodyEnd + 1;
      const named = /^@(?:property|keyframes|-webkit-keyframes)\s+(\S+)/.exec(prelude);
      if (named) list.push({ kind: "named", prelude, body, name: named[1]! });
      else if (prelude.startsWith("@")) list.push({ kind: "statement", text: `${prelude}{${body}}` });
      else list.push({ kind: "style", prelude, body, selectors: splitSelectors(prelude).map(classesOf) });
    }
    return list;
  };
  const skipSpaceAndComments = () => {
    for (;;) {
      while (at < css.length && /\s/.test(css[at]!)) at++;
      if (!css.startsWith("/*", at)) return;
      const close = css.indexOf("*/", at + 2);
      at = close === -1 ? css.length : close + 2;
    }
  };
  /** The index of the first of `stops` outside strings, brackets and parentheses. */
  const scanTo = (stops: string[]): number => {
    let index = at;
    let depth = 0;
    while (index < css.length) {
      const char = css[index]!;
      if (char === "\\") index += 2;
      else if (char === '"' || char === "'") index = stringEnd(index) + 1;
      else {
        if (char === "(" || char === "[") depth++;
        else if (char === ")" || char === "]") depth--;
        else if (depth === 0 && stops.includes(char)) return index;
        index++;
      }
    }
    return index;
  };
  /** The `}` closing the block the position is in (blocks inside it included). */
  const blockEnd = (): number => {
    let index = at;
    let depth = 0;
    while (index < css.length) {
      const char = css[index]!;
      if (char === "\\") index += 2;
      else if (char === '"' || char === "'") index = stringEnd(index) + 1;
      else {
        if (char === "{") depth++;
        else if (char === "}") {
          if (depth === 0) return index;
          depth--;
        }
        index++;
      }
    }
    return index;
  };
  const stringEnd = (open: number): number => {
    let index = open + 1;
    while (index < css.length && css[index] !== css[open]) index += css[index] === "\\" ? 2 : 1;
    return index;
  };
  return rules();
}

/** The selectors of a list, split at its top-level commas. */
function splitSelectors(prelude: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < prelude.length; index++) {
    const char = prelude[index]!;
    if (char === "\\") index++;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      selectors.push(prelude.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(prelude.slice(start));
  return selectors;
}

/**
 * The classes a selector needs on the page, unescaped as the HTML writes them (`.sm\:flex` is
 * "sm:flex"), and its elements' names ("<code"). Not those in `:not(…)` (a rule for their absence),
 * in attribute selectors or strings.
 */
function classesOf(selector: string): Set<string> {
  const classes = new Set<string>();
  for (let index = 0; index < selector.length; ) {
    const char = selector[index]!;
    if (char === "\\") index += 2;
    else if (char === "[") index = closing(selector, index, "[", "]") + 1;
    else if (char === '"' || char === "'") index = selector.indexOf(char, index + 1) + 1 || selector.length;
    else if (selector.startsWith(":not(", index)) index = closing(selector, index + 4, "(", ")") + 1;
    else if (INTERACTION.test(selector.slice(index, index + 16))) {
      // Hovered, focused, pressed: nothing is before the page is hydrated (its root is inert until then).
      classes.add(NEVER);
      index++;
    } else if (selector.startsWith("::", index) && /^::(-webkit-(date|datetime|calendar|inner|outer)|placeholder|file-selector)/.test(selector.slice(index))) {
      // The parts of a form's fields: only where the page has a field.
      classes.add("<input");
      index += 2;
    }
    else if (/[a-z]/i.test(char) && (index === 0 || /[\s>+~(,]/.test(selector[index - 1]!))) {
      // An element's name (button, code, sub…): the page must have one, as `<tag`.
      const name = /^[a-z][a-z0-9-]*/i.exec(selector.slice(index))![0];
      if (!ALWAYS_THERE.has(name.toLowerCase())) classes.add(`<${name.toLowerCase()}`);
      index += name.length;
    } else if (char === ".") {
      let name = "";
      index++;
      while (index < selector.length) {
        const next = selector[index]!;
        if (next === "\\") {
          name += selector[index + 1] ?? "";
          index += 2;
        } else if (/[\w-]/.test(next) || next.charCodeAt(0) > 127) {
          name += next;
          index++;
        } else break;
      }
      if (name) classes.add(name);
    } else index++;
  }
  return classes;
}

/** A state no page has at its first paint: a selector that needs it is left for the whole stylesheet. */
const INTERACTION = /^:(hover|focus|focus-visible|focus-within|active)(?![\w-])/;
const NEVER = "\u0000interaction";

/** `@media (width>=48rem)`, `(min-width:768px)`: wider than a narrow screen (at most 640 px, viewer-device.ts). */
function widerThanNarrow(prelude: string): boolean {
  const width = /^@media\s*\((?:width\s*>=\s*|min-width\s*:\s*)([\d.]+)(rem|px|em)\)$/.exec(prelude);
  if (!width) return false;
  const pixels = Number(width[1]) * (width[2] === "px" ? 1 : 16);
  return pixels > 640;
}

/** Elements of every page, around the root the HTML is read from. */
const ALWAYS_THERE = new Set(["html", "head", "body", "div"]);

function closing(text: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index]!;
    if (char === "\\") index++;
    else if (char === opener) depth++;
    else if (char === closer && --depth === 0) return index;
  }
  return text.length;
}

function choose(rules: Rule[], classes: Set<string>, narrow: boolean): string {
  const matches = (selectors: Set<string>[]) => selectors.some((needed) => [...needed].every((name) => classes.has(name)));
  // The rules the page's classes select, and the at-rules around them.
  const keep = (list: Rule[]): Rule[] =>
    list.flatMap((rule): Rule[] => {
      if (rule.kind === "style") return matches(rule.selectors) ? [rule] : [];
      if (rule.kind === "group" && narrow && widerThanNarrow(rule.prelude)) return [];
      if (rule.kind === "group") {
        const children = keep(rule.children);
        return children.length > 0 ? [{ ...rule, children }] : [];
      }
      return [rule];
    });
  const kept = keep(rules);
  const keyframes = new Set<string>();
  const findKeyframes = (list: Rule[]) => {
    for (const rule of list) {
      if (rule.kind === "named" && rule.prelude.includes("keyframes")) keyframes.add(rule.name);
      if (rule.kind === "group") findKeyframes(rule.children);
    }
  };
  findKeyframes(kept);
  // Custom properties and named at-rules, as far as the kept rules use them (a variable may name another).
  const text = (list: Rule[], used: (name: string) => boolean): string =>
    list
      .map((rule) => {
        if (rule.kind === "statement") return rule.text;
        // Tailwind registers its variables (@property --tw-shadow…) and, for browsers without
        // @property, gives them the same initial values in `@layer properties{@supports (…){*{…}}}`:
        // that block alone, for every browser, draws the first paint the same in fewer bytes.
        if (rule.kind === "named") return used(rule.name) && !rule.prelude.startsWith("@property") ? `${rule.prelude}{${rule.body}}` : "";
        if (rule.kind === "group" && rule.prelude === "@layer properties") {
          const inside = text(
            rule.children.flatMap((child) => (child.kind === "group" && child.prelude.startsWith("@supports") ? child.children : [child])),
            used,
          );
          return inside ? `${rule.prelude}{${inside}}` : "";
        }
        if (rule.kind === "group") {
          const inside = text(rule.children, used);
          return inside ? `${rule.prelude}{${inside}}` : "";
        }
        const body = customPropertiesUsed(rule.body, used);
        return body ? `${rule.prelude}{${body}}` : "";
      })
      .join("");
  let used = new Set<string>();
  let names = (name: string) => used.has(name);
  for (let round = 0; round < 8; round++) {
    const written = text(kept, names);
    const next = new Set<string>();
    for (const match of written.matchAll(/var\((--[\w-]+)/g)) next.add(match[1]!);
    // Properties set by a rule (--tw-shadow:…) are used when a kept rule sets them, too: the
    // @property rule gives them their type and initial value.
    for (const match of written.matchAll(/[{;](--[\w-]+):/g)) next.add(match[1]!);
    // Keyframes by name, wherever a kept rule or variable names them (--animate-spin:spin 1s…).
    for (const name of keyframes) if (new RegExp(`[:\\s,]${name}[\\s,;}]`).test(written)) next.add(name);
    if (next.size === used.size && [...next].every((name) => used.has(name))) return written;
    used = next;
    names = (name: string) => used.has(name);
  }
  return text(kept, names);
}

/**
 * A rule's declarations without the custom properties nothing uses (the theme's whole palette), nor
 * those that change nothing on a page no one has touched yet (how a change is animated, the pointer's
 * shape): the whole stylesheet brings them before the page takes input.
 */
function customPropertiesUsed(body: string, used: (name: string) => boolean): string {
  if (!body.includes("--") && !STILL.test(body)) return body;
  const declarations = splitDeclarations(body);
  const kept = declarations.filter((declaration) => {
    const name = /^\s*([\w-]+)\s*:/.exec(declaration)?.[1];
    if (name === undefined) return true;
    if (INERT_PROPERTIES.has(name)) return false;
    return !name.startsWith("--") || used(name);
  });
  return kept.join(";");
}

const INERT_PROPERTIES = new Set([
  "transition",
  "transition-property",
  "transition-duration",
  "transition-timing-function",
  "transition-delay",
  "--tw-duration",
  "--tw-ease",
  "cursor",
  "will-change",
]);
const STILL = /(^|;)\s*(transition|cursor|will-change)/;

function splitDeclarations(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === "\\") index++;
    else if (char === '"' || char === "'") {
      const close = body.indexOf(char, index + 1);
      index = close === -1 ? body.length : close;
    } else if (char === "(" || char === "{") depth++;
    else if (char === ")" || char === "}") depth--;
    else if (char === ";" && depth === 0) {
      parts.push(body.slice(start, index));
      start = index + 1;
    }
  }
  if (body.slice(start).trim()) parts.push(body.slice(start));
  return parts;
}

function unescapeHtml(text: string): string {
  return text.includes("&") ? text.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'") : text;
}
