import { options, type VNode } from "preact";

/**
 * Where the server renders a page (entry-server.tsx), an element whose props preact-render-to-string
 * writes as they are skips preact/compat's rewriting of them.
 *
 * preact/compat's `options.vnode` copies every element's props into a new object to turn React's names
 * into the DOM's (className into class, onChange into oninput, strokeWidth into stroke-width, a
 * style's numbers into pixels, value and defaultValue...): about a tenth of a game page's render, for
 * its 400-odd elements (docs/server-rendering.md, "What a render costs"). Its string render
 * does most of that itself (className, htmlFor, defaultChecked, a style object, tabIndex and the other
 * lower-cased names) and leaves out event handlers. So an element here is only marked as a React element,
 * as compat marks it, unless one of its props is one compat treats otherwise (below): that element still
 * goes through compat's hook, as every component does. The HTML is the same but for the place of a
 * class attribute (compat moves it last; a browser reads both alike); server-elements.test.tsx renders
 * the app's screens both ways and compares them, and each name compat rewrites.
 *
 * Compat keeps the hook that was there before it (none in this app) and calls it after its own: an
 * element that skips compat skips it too.
 */
export function renderElementsLean(lean = true): void {
  compat ??= { hook: options.vnode };
  options.vnode = lean ? leanHook : compat.hook;
}

/** compat's hook, as it was when renderElementsLean was first called. */
let compat: { hook: typeof options.vnode } | undefined;

function leanHook(vnode: VNode): void {
  if (typeof vnode.type === "string" && writtenAsTheyAre(vnode.type, vnode.props as Record<string, unknown>)) {
    // compat's own last steps for every element: a ref kept in props (not listed), and React's mark.
    if (vnode.ref && !("ref" in vnode.props)) Object.defineProperty(vnode.props, "ref", { value: vnode.ref, configurable: true, writable: true });
    (vnode as VNode & { $$typeof?: symbol }).$$typeof = REACT_ELEMENT;
    return;
  }
  compat?.hook?.(vnode);
}

/** What compat marks its elements with (and React's isValidElement looks for). */
const REACT_ELEMENT = Symbol.for("react.element");

/** Props compat rewrites or drops whatever their names' case: a style's numbers, form values, two oddities. */
const REWRITTEN = new Set(["style", "value", "defaultValue", "download", "translate"]);

/**
 * The camelCase names compat turns into SVG's dashed ones on any element but a custom one
 * (preact/compat's own pattern, in its src/render.js); the render turns them only inside an <svg>.
 */
const SVG_CAMEL_CASE =
  /^(?:accent|alignment|arabic|baseline|cap|clip(?!PathU)|color|dominant|fill|flood|font|glyph(?!R)|horiz|image(?!S)|letter|lighting|marker(?!H|W|U)|overline|paint|pointer|shape|stop|strikethrough|stroke|text(?!L)|transform|underline|unicode|units|v|vector|vert|word|writing|x(?!C))[A-Z]/;

/** Per prop name: whether compat leaves it to the render (the names are the app's few hundred). */
const plainNames = new Map<string, boolean>();

function writtenAsTheyAre(type: string, props: Record<string, unknown>): boolean {
  // compat fills a select's options' `selected` and leaves a noscript's children out while hydrating.
  if (type === "select" || type === "noscript") return false;
  let classes = 0;
  for (const name in props) {
    if (name === "children") continue;
    if (name === "className" || name === "class") {
      // Both given, compat keeps className's and the render class's; an empty one compat leaves out.
      if (++classes > 1 || props[name] === "") return false;
      continue;
    }
    let plain = plainNames.get(name);
    if (plain === undefined) {
      plain = !REWRITTEN.has(name) && !SVG_CAMEL_CASE.test(name);
      // Bounded, should a page ever name its props from data: asking the pattern again only costs time.
      if (plainNames.size >= 1_000) plainNames.clear();
      plainNames.set(name, plain);
    }
    if (!plain) return false;
    // An event handler is left out by the render; anything else named on… compat would rename.
    if (name.startsWith("on") && typeof props[name] !== "function") return false;
  }
  return true;
}
