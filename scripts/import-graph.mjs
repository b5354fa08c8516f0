// `node scripts/import-graph.mjs [--edges]`: the folders of src/server and src/web as a graph of their
// imports (type-only imports left out, as they vanish at run time), and the knots in it: groups of
// folders that import each other round a cycle. Used to measure the layering of the house
// (docs/architecture.md); `src/test/import-graph.test.ts` holds the line it has reached.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(new URL("..", import.meta.url).pathname);

/** Every .ts/.tsx file under `dir`, tests included (a test's imports are code too, but not the product's: left out). */
function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(path);
  }
  return files;
}

/** The run-time imports of a file's text: `import … from`, `export … from`, `import("…")`; not `import type`. */
export function runtimeImports(text) {
  const specifiers = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gm;
  for (const match of text.matchAll(statement)) {
    if (match[2]) continue;
    // `import { type A, type B } from` is type-only too.
    const names = match[3].replace(/^\{|\}$/g, "").split(",").map((name) => name.trim()).filter(Boolean);
    if (match[3].startsWith("{") && names.length > 0 && names.every((name) => name.startsWith("type "))) continue;
    specifiers.push(match[4]);
  }
  for (const match of text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) specifiers.push(match[1]);
  for (const match of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(match[1]);
  return specifiers;
}

/** The folder a file belongs to: its first folder under src/server or src/web (a file at the top counts as "(top)"). */
function folderOf(file) {
  const path = relative(root, file).split("/");
  if (path[0] !== "src") return null;
  const area = path[1];
  if (area !== "server" && area !== "web") return `src/${area}`;
  return path.length > 3 ? `${area}/${path[2]}` : `${area}/(top)`;
}

/** The package's import aliases (package.json "imports": "#server/*" → "./src/server/*"). */
const ALIASES = Object.entries(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).imports ?? {}).map(([alias, target]) => [
  alias.replace(/\*$/, ""),
  join(root, target.replace(/\*$/, "")),
]);

/** The file an import names, for relative imports and the package's aliases; null for a package. */
function resolveSpecifier(file, specifier) {
  if (specifier.startsWith(".")) return resolve(dirname(file), specifier);
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  return alias ? join(alias[1], specifier.slice(alias[0].length)) : null;
}

export function importGraph() {
  const edges = new Map();
  for (const area of ["server", "web"]) {
    for (const file of sourceFiles(join(root, "src", area))) {
      const from = folderOf(file);
      for (const specifier of runtimeImports(readFileSync(file, "utf8"))) {
        const target = resolveSpecifier(file, specifier);
        if (!target) continue;
        const to = folderOf(target);
        if (!to || to === from) continue;
        const key = `${from} -> ${to}`;
        edges.set(key, [...(edges.get(key) ?? []), `${relative(root, file)} imports ${specifier}`]);
      }
    }
  }
  return edges;
}

/** Tarjan's strongly connected components of more than one folder: the knots. */
export function knots(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split(" -> ");
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node)) {
      if (!indices.has(target)) {
        visit(target);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(target)));
      } else if (onStack.has(target)) lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(target)));
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!indices.has(node)) visit(node);
  return components;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = importGraph();
  const found = knots(edges);
  const folders = new Set([...edges.keys()].flatMap((key) => key.split(" -> ")));
  for (const area of ["server", "web"]) {
    const inArea = [...folders].filter((folder) => folder.startsWith(`${area}/`));
    const knotted = found.filter((knot) => knot[0].startsWith(`${area}/`));
    console.log(`${area}: ${inArea.length} folders; ${knotted.length === 0 ? "no knot" : knotted.map((knot) => `a knot of ${knot.length}: ${knot.join(", ")}`).join("; ")}`);
  }
  if (process.argv.includes("--edges")) {
    const inKnot = new Set(found.flat());
    for (const [key, imports] of [...edges.entries()].sort()) {
      const [from, to] = key.split(" -> ");
      if (inKnot.has(from) && inKnot.has(to)) console.log(`  ${key} (${imports.length}): ${imports.slice(0, 3).join("; ")}`);
    }
  }
}
