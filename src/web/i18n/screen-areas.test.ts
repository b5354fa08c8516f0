import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { AREAS } from "#shared/i18n/catalogs/areas.ts";
import { SCREENS_FILE, screensAsWritten } from "#test/screens-as-written.ts";

// A screen's messages are fetched with its code, by the areas screens.ts names for it; the entry has
// only the shell's (docs/languages.md). A key of an area that was not fetched would show as the key
// itself, so this test reads the code as the bundler does (imports, static and dynamic) and checks
// that each screen names every area its code uses, and "shared" when it words a message written in
// src/shared (shared-message.ts).

const WEB = resolve(new URL(".", import.meta.url).pathname, "..");
const CATALOGS = resolve(WEB, "../shared/i18n/catalogs");
/** A key written in code: a string or template literal that starts with an area's name and a dot. */
const KEY = new RegExp(`["'\`](${AREAS.join("|")})\\.[A-Za-z0-9_.$\\{}]`, "g");
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^"'`;]*?\sfrom\s*)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

function resolveModule(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined; // a package: no messages of ours
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

function importsOf(file: string, dynamic: boolean): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(STATIC_IMPORT)].map((match) => match[1]!);
  if (dynamic) specifiers.push(...[...source.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!));
  return specifiers.map((specifier) => resolveModule(file, specifier)).filter((path): path is string => path !== undefined);
}

/** Every module the code of `start` runs, the catalogs aside (they are what is being checked for). */
function modulesOf(start: string, options: { dynamic: boolean; except?: Set<string> }): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || options.except?.has(file) || file.startsWith(CATALOGS)) return;
    seen.add(file);
    for (const imported of importsOf(file, options.dynamic)) visit(imported);
  };
  visit(start);
  return seen;
}

/** A call that words a message written in src/shared: the screen must fetch the "shared" area. */
const SHARED_MESSAGE = /\bsharedMessage\(/;

/** The areas the modules' keys belong to (and "shared" for sharedMessage), each with a module that uses it. */
function areasUsedBy(modules: Set<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of modules) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(KEY)) if (!used.has(match[1]!)) used.set(match[1]!, relative(WEB, file));
    if (SHARED_MESSAGE.test(source) && !file.endsWith("shared-message.ts") && !used.has("shared")) used.set("shared", relative(WEB, file));
  }
  return used;
}

/** screens.ts as written, each screen's module resolved. */
function screens(): { name: string; module: string; areas: string[] }[] {
  return screensAsWritten().map(({ name, specifier, areas }) => ({ name, module: resolveModule(SCREENS_FILE, specifier)!, areas }));
}

describe("which messages each screen fetches", () => {
  const all = screens();
  const screenModules = new Set(all.map((screen) => screen.module));

  it("screens.ts is read whole", () => {
    expect(all.map((screen) => screen.name)).toEqual(expect.arrayContaining(["home", "login", "event", "profile", "console"]));
    for (const screen of all) expect(screen.module, screen.name).toBeTruthy();
  });

  it("the entry, before any screen, uses only the shell's messages", () => {
    // Everything main.tsx runs, and what it loads on demand, apart from the screens.
    const entry = modulesOf(resolve(WEB, "main.tsx"), { dynamic: true, except: screenModules });
    expect(entry.size).toBeGreaterThan(20);
    const used = areasUsedBy(entry);
    expect(used.has("shell")).toBe(true);
    expect(Object.fromEntries([...used].filter(([area]) => area !== "shell"))).toEqual({});
  });

  it.each(all.map((screen) => [screen.name, screen] as const))("%s names every area its code uses", (_name, screen) => {
    const used = areasUsedBy(modulesOf(screen.module, { dynamic: true }));
    const missing = Object.fromEntries([...used].filter(([area]) => area !== "shell" && !screen.areas.includes(area)));
    expect(missing).toEqual({});
  });
});
