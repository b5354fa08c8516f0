import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";

/** The installable web app: src/web/public is copied as-is to the site's root. */
const publicDir = new URL("./public/", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(publicDir, "manifest.webmanifest"), "utf8")) as {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  screenshots: { src: string; sizes: string; form_factor?: string }[];
};

/** Width and height from a PNG's header. */
function pngSize(path: string): string {
  const bytes = readFileSync(join(publicDir, path));
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the PWA", () => {
  it("has a manifest with name, theme, an icon of 192 and 512 pixels, a maskable icon and screenshots", () => {
    expect(manifest).toMatchObject({ name: "Kickoff", short_name: "Kickoff", start_url: "/", display: "standalone", theme_color: "#15803d" });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.filter((icon) => icon.type === "image/png").map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((icon) => icon.purpose?.split(" ").includes("maskable"))).toBe(true);
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(["narrow", "wide"]);
  });

  it("names only files that exist, at the sizes it says", () => {
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      if (image.sizes === "any") readFileSync(join(publicDir, image.src));
      else expect(pngSize(image.src), image.src).toBe(image.sizes);
    }
  });

  it("has a service worker that parses, waits for Reload before taking over, and never answers changes", () => {
    const source = readFileSync(join(publicDir, "sw.js"), "utf8");
    expect(() => new Script(source)).not.toThrow();
    expect(source).toContain('"SKIP_WAITING"');
    // Only GET requests are ever answered from a copy; nothing is stored to be sent again later.
    expect(source).toContain('event.request.method !== "GET"');
    expect(source).not.toMatch(/addEventListener\("sync"|indexedDB|periodicsync/i);
  });
});
