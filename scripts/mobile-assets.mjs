// npm run mobile:assets — the app icons and splash screens of the native projects, and the PWA's
// maskable icon, drawn from our artwork (src/web/public/icon.svg) at every size the projects hold.
// Capacitor's own tool (@capacitor/assets) needs sharp 0.32, whose install downloads libvips from
// GitHub; this machine reaches only the npm registry, so the system Chromium draws them instead.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const root = new URL("..", import.meta.url).pathname;
const GREEN = "#15803d";
const SPLASH_BACKGROUND = GREEN;
// The ball of icon.svg (a 64-unit square): a white circle of radius 18 with a dark pentagon.
const BALL = `<circle cx="32" cy="32" r="18" fill="#fff"/><path d="M32 21l8 6-3 10h-10l-3-10z" fill="#111"/>`;
const icon = readFileSync(join(root, "src/web/public/icon.svg"), "utf8");

/** An SVG of `width`×`height`: the ball at the centre, its diameter `ballShare` of the shorter side, on `background`. */
function ball(width, height, ballShare, background, { round = false } = {}) {
  const side = Math.min(width, height);
  const scale = (side * ballShare) / 36; // the ball is 36 units across
  const x = width / 2 - 32 * scale;
  const y = height / 2 - 32 * scale;
  const fill = background
    ? round
      ? `<circle cx="${width / 2}" cy="${height / 2}" r="${side / 2}" fill="${background}"/>`
      : `<rect width="${width}" height="${height}" fill="${background}"/>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${fill}<g transform="translate(${x} ${y}) scale(${scale})">${BALL}</g></svg>`;
}

const png = (path) => {
  const bytes = readFileSync(join(root, path));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

const android = "android/app/src/main/res";
const densities = ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"];
const jobs = [];
for (const density of densities) {
  const dir = `${android}/mipmap-${density}`;
  const { width } = png(`${dir}/ic_launcher.png`);
  jobs.push({ path: `${dir}/ic_launcher.png`, svg: icon.replace("<svg ", `<svg width="${width}" height="${width}" `) });
  jobs.push({ path: `${dir}/ic_launcher_round.png`, svg: ball(width, width, 0.62, GREEN, { round: true }) });
  // Adaptive icons: 108 dp, of which the launcher shows the middle 72 dp at most; background colour below.
  const foreground = png(`${dir}/ic_launcher_foreground.png`).width;
  jobs.push({ path: `${dir}/ic_launcher_foreground.png`, svg: ball(foreground, foreground, 0.42, null) });
  for (const orientation of ["port", "land"]) {
    const path = `${android}/drawable-${orientation}-${density}/splash.png`;
    const { width: w, height: h } = png(path);
    jobs.push({ path, svg: ball(w, h, 0.3, SPLASH_BACKGROUND) });
  }
}
jobs.push({ path: `${android}/drawable/splash.png`, svg: ball(480, 320, 0.3, SPLASH_BACKGROUND) });
// iOS masks the corners itself and refuses transparency in the App Store icon.
jobs.push({ path: "ios/App/App/Assets.xcassets/AppIcon.appiconset/AppIcon-512@2x.png", svg: ball(1024, 1024, 0.62, GREEN) });
for (const name of ["splash-2732x2732.png", "splash-2732x2732-1.png", "splash-2732x2732-2.png"]) {
  jobs.push({ path: `ios/App/App/Assets.xcassets/Splash.imageset/${name}`, svg: ball(2732, 2732, 0.18, SPLASH_BACKGROUND) });
}
// The PWA's maskable icon: full bleed, the ball inside the 80 % safe circle.
jobs.push({ path: "src/web/public/icon-maskable-512.png", svg: ball(512, 512, 0.55, GREEN) });

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage();
  for (const { path, svg } of jobs) {
    const width = Number(svg.match(/width="(\d+)"/)[1]);
    const height = Number(svg.match(/height="(\d+)"/)[1]);
    await page.setViewportSize({ width, height });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    writeFileSync(join(root, path), await page.locator("svg").screenshot({ omitBackground: true }));
  }
} finally {
  await browser.close();
}
const background = `${android}/values/ic_launcher_background.xml`;
writeFileSync(
  join(root, background),
  `<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <color name="ic_launcher_background">${GREEN}</color>\n</resources>\n`,
);
console.log(`${jobs.length} images drawn from src/web/public/icon.svg`);
