import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { importGraph, knots } from "../../scripts/import-graph.mjs";

/**
 * The house's import rules (docs/architecture.md). Lint holds the ones it can say per file; the graph
 * of the folders holds the layers: infrastructure imports no feature, and no knot grows.
 */
describe("import rules in lint", () => {
  const lint = async (filePath: string, text: string) => {
    const [result] = await new ESLint().lintText(text, { filePath });
    return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
  };

  it("refuses the web app importing the server, and shared code importing either", async () => {
    expect(await lint("src/web/lib/wrong-way.ts", 'import { loadConfig } from "../../server/config.ts";\nexport const x = loadConfig;\n')).toEqual([
      expect.stringContaining("The web app never imports src/server"),
    ]);
    expect(await lint("src/shared/wrong-way.ts", 'import { api } from "../web/lib/api.ts";\nexport const x = api;\n')).toEqual([expect.stringContaining("imports neither")]);
    expect(await lint("src/shared/wrong-way.ts", 'import { loadConfig } from "../server/config.ts";\nexport const x = loadConfig;\n')).toEqual([expect.stringContaining("imports neither")]);
  });

  it("lets the web app import shared code", async () => {
    expect(await lint("src/web/lib/right-way.ts", 'import { formatCents } from "../../shared/money.ts";\nexport const x = formatCents;\n')).toEqual([]);
  });
});

/** Folders under the features: they import only each other and src/shared. */
const INFRASTRUCTURE = ["server/db", "server/http", "server/i18n", "server/mail", "server/jobs", "server/cache"];
/**
 * The folders still knotted, which issue 31 is untying: a knot may shrink (then shrink this list), never
 * take in another folder. The game core (the game row, its lock, its availability) is what they share.
 */
const STILL_KNOTTED = {
  server: ["server/calendar", "server/events", "server/payments", "server/registrations"],
  web: [] as string[],
};

describe("the folders' import graph", () => {
  const edges = importGraph();

  it("has infrastructure import no feature", () => {
    const wrongWay = [...edges.entries()].filter(([key]) => {
      const [from, to] = key.split(" -> ") as [string, string];
      return INFRASTRUCTURE.includes(from) && !INFRASTRUCTURE.includes(to) && to !== "src/shared";
    });
    expect(wrongWay.map(([key, imports]) => `${key}: ${imports.join("; ")}`)).toEqual([]);
  });

  it("has no knot beyond the folders still being untied", () => {
    for (const knot of knots(edges)) {
      const area = knot[0]!.startsWith("server/") ? "server" : "web";
      expect(STILL_KNOTTED[area], `a knot: ${knot.join(", ")}`).toEqual(expect.arrayContaining(knot));
    }
  });

  it("finds a wrong-way import when there is one", () => {
    const withWrongWay = new Map(edges);
    withWrongWay.set("server/http -> server/registrations", ["src/server/http/x.ts imports ../registrations/y.ts"]);
    withWrongWay.set("server/registrations -> server/http", ["src/server/registrations/y.ts imports ../http/x.ts"]);
    expect(knots(withWrongWay).some((knot) => knot.includes("server/http"))).toBe(true);
  });
});
