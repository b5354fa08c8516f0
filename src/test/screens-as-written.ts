import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** src/web/screens.ts, whose screens the tests read as it is written. */
export const SCREENS_FILE = fileURLToPath(new URL("../web/screens.ts", import.meta.url));

/** screens.ts as written: each screen's name, the module it imports (as written there) and the message areas it names. */
export function screensAsWritten(): { name: string; specifier: string; areas: string[] }[] {
  const found = [...readFileSync(SCREENS_FILE, "utf8").matchAll(/(\w+): withMessages\(\[([^\]]*)\], \(\) => import\("([^"]+)"\)\)/g)];
  return found.map(([, name, areas, specifier]) => ({
    name: name!,
    specifier: specifier!,
    areas: [...areas!.matchAll(/"([a-z-]+)"/g)].map((match) => match[1]!),
  }));
}
