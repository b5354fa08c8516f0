import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { importGraph, knots } from "#scripts/import-graph.mjs";
import { LAYERS as layers } from "#scripts/layers.mjs";

/**
 * The house's import rules (docs/architecture.md). Lint holds the ones it can say per file; the graph
 * of the folders holds the layers: infrastructure imports no feature, and no knot grows.
 */
describe("import rules in lint", () => {
  const lint = async (filePath: string, text: string) => {
    const [result] = await new ESLint().lintText(text, { filePath });
    return result!.messages.filter((message) => message.ruleId === "@typescript-eslint/no-restricted-imports").map((message) => message.message);
  };

  it("refuses the web app importing the server, and shared code importing either", async () => {
    expect(await lint("src/web/lib/wrong-way.ts", 'import { loadConfig } from "#server/config.ts";\nexport const x = loadConfig;\n')).toEqual([
      expect.stringContaining("The web app never imports src/server"),
    ]);
    expect(await lint("src/shared/wrong-way.ts", 'import { api } from "#web/lib/api.ts";\nexport const x = api;\n')).toEqual([expect.stringContaining("imports neither")]);
    expect(await lint("src/shared/wrong-way.ts", 'import { loadConfig } from "#server/config.ts";\nexport const x = loadConfig;\n')).toEqual([expect.stringContaining("imports neither")]);
  });

  it("refuses a folder importing a higher layer's, at run time; its types may be named", async () => {
    const upward = 'import { joinGame } from "#server/registrations/join.ts";\nexport const x = joinGame;\n';
    expect(await lint("src/server/http/wrong-way.ts", upward)).toEqual([expect.stringContaining("server/http sits below that folder's layer")]);
    expect(await lint("src/server/money/wrong-way.ts", 'import { withEventLock } from "#server/events/game-lock.ts";\nexport const x = withEventLock;\n')).toEqual([
      expect.stringContaining("server/money sits below"),
    ]);
    expect(await lint("src/server/events/wrong-way.ts", 'import { createApp } from "#server/app.ts";\nexport const x = createApp;\n')).toEqual([expect.stringContaining("composes the app")]);
    expect(await lint("src/web/lib/wrong-way.ts", 'import { Page } from "#web/features/events/page.tsx";\nexport const x = Page;\n')).toEqual([expect.stringContaining("web/lib sits below")]);
    expect(await lint("src/server/money/right-way.ts", 'import type { AppContext } from "#server/context.ts";\nexport type X = AppContext;\n')).toEqual([]);
    expect(await lint("src/server/registrations/right-way.ts", 'import { withEventLock } from "#server/events/game-lock.ts";\nexport const x = withEventLock;\n')).toEqual([]);
    // A test composes what it needs.
    expect(await lint("src/server/http/wrong-way.test.ts", upward)).toEqual([]);
  });

  it("refuses climbing out of a folder with ../ instead of its alias", async () => {
    expect(await lint("src/server/events/wrong-way.ts", 'import { isUuid } from "../db/ids.ts";\nexport const x = isUuid;\n')).toEqual([expect.stringContaining("by its alias")]);
    expect(await lint("src/server/events/right-way.ts", 'import { isUuid } from "#server/db/ids.ts";\nexport const x = isUuid;\n')).toEqual([]);
  });

  it("lets the web app import shared code", async () => {
    expect(await lint("src/web/lib/right-way.ts", 'import { formatCents } from "#shared/money.ts";\nexport const x = formatCents;\n')).toEqual([]);
  });
});

/** The layers (scripts/layers.mjs, docs/architecture.md), lowest first: a folder imports its own layer and those below. */
const LAYERS: Record<string, string[]> = layers;
const levelOf = new Map(Object.values(LAYERS).flatMap((folders, level) => folders.map((folder) => [folder, level] as const)));
const layerOf = (folder: string) => Object.entries(LAYERS).find(([, folders]) => folders.includes(folder))?.[0];

/** The edges that go up a layer, each with the layers and the imports that make it. */
function upwardImports(edges: Map<string, string[]>): string[] {
  return [...edges.entries()]
    .filter(([key]) => {
      const [from, to] = key.split(" -> ") as [string, string];
      // The server renders the web app's first screen (server/web imports its entry): across areas, allowed.
      if (from.startsWith("server/") && to.startsWith("web/")) return false;
      return (levelOf.get(to) ?? 0) > (levelOf.get(from) ?? 0);
    })
    .map(([key, imports]) => `${key} (${key.split(" -> ").map(layerOf).join(" below ")}): ${imports.join("; ")}`);
}

describe("the folders' import graph", () => {
  const edges = importGraph();

  it("places every folder in a layer", () => {
    const folders = new Set([...edges.keys()].flatMap((key) => key.split(" -> ")));
    expect([...folders].filter((folder) => !levelOf.has(folder))).toEqual([]);
  });

  it("has every folder import only its own layer and those below", () => {
    expect(upwardImports(edges)).toEqual([]);
  });

  it("has no knot (folders importing each other round a cycle)", () => {
    expect(knots(edges)).toEqual([]);
  });

  it("finds a wrong-way import when there is one", () => {
    const withWrongWay = new Map(edges);
    withWrongWay.set("server/http -> server/registrations", ["src/server/http/x.ts imports ../registrations/y.ts"]);
    withWrongWay.set("server/registrations -> server/http", ["src/server/registrations/y.ts imports ../http/x.ts"]);
    expect(knots(withWrongWay).some((knot) => knot.includes("server/http"))).toBe(true);
    expect(upwardImports(withWrongWay)).toEqual([expect.stringMatching(/^server\/http -> server\/registrations \(infrastructure below features\)/)]);
  });
});
