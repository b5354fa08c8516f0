/** The folders' import graph: "from -> to" with the imports that make each edge (scripts/import-graph.mjs). */
export function importGraph(): Map<string, string[]>;
/** The groups of more than one folder that import each other round a cycle. */
export function knots(edges: Map<string, string[]>): string[][];
/** The run-time import specifiers of a file's text (type-only imports left out). */
export function runtimeImports(text: string): string[];
