import { describe, expect, it } from "vitest";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { COMPILE_HINT, filesRunOnLoad, withCompileHint } from "#scripts/compile-hints.mjs";

describe("compile hints (scripts/compile-hints.mjs)", () => {
  it("marks the main script and each screen with what they import statically, not what is fetched later", () => {
    const manifest = {
      "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_common-b.js"] },
      "_common-b.js": { file: "assets/common-b.js", dynamicImports: ["routes/home.tsx", "components/header-menu.tsx"] },
      "routes/home.tsx": { file: "assets/home-c.js", isDynamicEntry: true, imports: ["_common-b.js", "_game-time-d.js"] },
      "_game-time-d.js": { file: "assets/game-time-d.js", imports: ["_common-b.js"] },
      "routes/event.tsx": { file: "assets/event-e.js", isDynamicEntry: true, imports: ["_common-b.js", "_use-event-f.js"], dynamicImports: ["_leaflet-g.js"] },
      "_use-event-f.js": { file: "assets/use-event-f.js" },
      "_leaflet-g.js": { file: "assets/leaflet-g.js", isDynamicEntry: true },
      "components/header-menu.tsx": { file: "assets/header-menu-h.js", isDynamicEntry: true },
      "i18n/catalogs/en/home.ts": { file: "assets/messages-en-home-i.js", isDynamicEntry: true },
      "styles.css": { file: "assets/common-j.css" },
    };
    expect(filesRunOnLoad(manifest)).toEqual(["assets/common-b.js", "assets/event-e.js", "assets/game-time-d.js", "assets/home-c.js", "assets/index-a.js", "assets/use-event-f.js"]);
  });

  it("puts the hint on the first line and keeps the source map pointing at the same code", () => {
    const code = "const a=1;\nexport function f(){return a}\n";
    // Line 2, column 7 of the script is `function f` of line 10, column 0 of src/f.ts.
    const map = JSON.stringify({ version: 3, sources: ["src/f.ts"], names: [], mappings: ";OASA" });
    const marked = withCompileHint(code, map);
    expect(marked.code.startsWith(COMPILE_HINT)).toBe(true);
    expect(marked.code.slice(COMPILE_HINT.length)).toBe(code);
    const before = originalPositionFor(new TraceMap(map), { line: 2, column: 7 });
    const after = originalPositionFor(new TraceMap(marked.map!), { line: 3, column: 7 });
    expect(before).toMatchObject({ source: "src/f.ts", line: 10, column: 0 });
    expect(after).toEqual(before);
    // Marked twice (a build step run again), the file is unchanged.
    expect(withCompileHint(marked.code, marked.map)).toEqual(marked);
  });
});
