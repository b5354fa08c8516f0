import { describe, expect, it } from "vitest";
import { attributesOf, criticalStylesheet } from "./critical-css.ts";

// The shape of the built stylesheet (Tailwind 4, minified), cut down.
const CSS = [
  "/*! tailwindcss */",
  "@layer properties{@supports (((-webkit-hyphens:none))){*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:initial}}}",
  "@layer theme{:root,:host{--color-green-700:oklch(52.7% .154 150.069);--color-red-500:oklch(63.7% .237 25.331);--animate-spin:spin 1s linear infinite;--font-sans:system-ui;--default-font-family:var(--font-sans)}}",
  "@layer base{*,:after,:before{box-sizing:border-box}html{font-family:var(--default-font-family)}code,kbd{font-family:monospace}::placeholder{opacity:1}}",
  "@layer components;",
  "@layer utilities{.flex{display:flex}.text-green{color:var(--color-green-700)}.text-red{color:var(--color-red-500)}.shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}",
  ".animate-spin{animation:var(--animate-spin)}.transition{transition-property:color;transition-duration:.15s}.cursor-pointer{cursor:pointer}",
  ".sm\\:grid{display:grid}.hover\\:underline:hover{text-decoration-line:underline}:where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}",
  ".w-1\\/2{width:50%}.peer:not(.open)~.x{display:none}",
  "@media (width>=40rem){.sm\\:grid{display:grid}}@media (width>=64rem){.lg\\:flex{display:flex}}@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}}",
  "@property --tw-shadow{syntax:\"*\";inherits:false;initial-value:0 0 #0000}@property --tw-blur{syntax:\"*\";inherits:false}",
  "@keyframes spin{to{transform:rotate(360deg)}}@keyframes pulse{50%{opacity:.5}}",
].join("");

const NARROW = { narrow: true };

describe("the first screen's stylesheet", () => {
  it("keeps the base rules and the rules of the classes and elements the page names, nothing else", () => {
    const css = criticalStylesheet(CSS)!.for(attributesOf('<div class="flex text-green w-1/2 lg:flex"><p class="space-y-2">Hi</p></div>'), { narrow: false });
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".text-green{color:var(--color-green-700)}");
    expect(css).toContain(".w-1\\/2{width:50%}");
    expect(css).toContain(":where(.space-y-2>:not(:last-child))");
    expect(css).toContain("*,:after,:before{box-sizing:border-box}html{font-family:var(--default-font-family)}");
    expect(css).toContain("@media (width>=64rem){.lg\\:flex{display:flex}}");
    // A class, an element, a field's part the page does not have; a :not() that needs no class.
    expect(css).not.toContain(".text-red");
    expect(css).not.toContain("code,kbd");
    expect(css).not.toContain("::placeholder");
    expect(css).not.toContain(".peer");
    // The theme's variables the kept rules use, and those they name in turn; not the others.
    expect(css).toContain("--color-green-700:");
    expect(css).toContain("--default-font-family:var(--font-sans)");
    expect(css).toContain("--font-sans:system-ui");
    expect(css).not.toContain("--color-red-500");
  });

  it("declares the layers in the stylesheet's order, and gives Tailwind's variables their initial values without @property", () => {
    const css = criticalStylesheet(CSS)!.for(attributesOf('<div class="shadow"></div>'), NARROW);
    expect(css.startsWith("@layer properties,theme,base,components,utilities;")).toBe(true);
    expect(css).toContain("@layer properties{*,:before,:after{--tw-shadow:0 0 #0000}}");
    expect(css).toContain(".shadow{--tw-shadow:0 1px 3px #0000001a;box-shadow:var(--tw-shadow)}");
    expect(css).not.toContain("@property");
    expect(css).not.toContain("--tw-blur");
  });

  it("leaves to the whole stylesheet what a first paint on a narrow screen, not yet touched, cannot show", () => {
    const css = criticalStylesheet(CSS)!.for(attributesOf('<a class="hover:underline sm:grid lg:flex transition cursor-pointer flex">Go</a>'), NARROW);
    expect(css).not.toContain(":hover");
    expect(css).not.toContain("(hover:hover)");
    expect(css).not.toContain("64rem");
    expect(css).toContain("@media (width>=40rem){.sm\\:grid{display:grid}}");
    expect(css).not.toContain("transition");
    expect(css).not.toContain("cursor");
    expect(criticalStylesheet(CSS)!.for(attributesOf('<a class="lg:flex">Go</a>'), { narrow: false })).toContain("64rem");
  });

  it("keeps the keyframes a kept animation names, and answers the same classes from what it chose before", () => {
    const stylesheet = criticalStylesheet(CSS)!;
    const css = stylesheet.for(attributesOf('<span class="animate-spin"></span>'), NARROW);
    expect(css).toContain("--animate-spin:spin 1s linear infinite");
    expect(css).toContain("@keyframes spin{to{transform:rotate(360deg)}}");
    expect(css).not.toContain("pulse");
    expect(stylesheet.for(attributesOf('<span class="animate-spin"></span>'), NARROW)).toBe(css);
  });

  it("has nothing to give without a stylesheet", () => {
    expect(criticalStylesheet(undefined)).toBeUndefined();
  });
});

describe("attributesOf", () => {
  /** The regular expression it replaces, as the stylesheet read pages with before. */
  const byRegex = (html: string) => {
    const found = new Set<string>();
    for (const match of html.matchAll(/\bclass="([^"]*)"|<([a-z][a-z0-9-]*)/g)) found.add(match[1] ?? `<${match[2]!}`);
    return found;
  };

  it("finds each element and class attribute the regular expression finds, and nothing else", () => {
    const pages = [
      '<div id="root" inert><div class="flex min-h-screen flex-col"><a href="#main" class="sr-only focus:not-sr-only">Skip</a><my-el class="a  b"></my-el>',
      '<svg aria-hidden="true" viewBox="0 0 20 20" class="shrink-0"><path d="M10 1.5"></path></svg><h2 id="P0-6" class="text-xl">Players</h2>',
      '<p data-class="x" class="" subclass="no" xclass="no">a &lt;b> 1 < 2 <3 </p><input class="w-1/2 lg:flex"/><br>',
      '<ol class="divide-y"><li class="flex">x</li><li class="flex">y</li></ol><span class="unterminated',
      "",
      "no tags at all",
    ];
    for (const html of pages) expect([...attributesOf(html)].sort()).toEqual([...byRegex(html)].sort());
  });
});
