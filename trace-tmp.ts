import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium.ts";
import { VIEWER_DEVICE_COOKIE, writeViewerDevice } from "#shared/viewer-device.ts";
const child = spawn(process.execPath, ["--import", "tsx", "bench/app-server.ts"], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, BENCH_WEB_DIST: "/work/main/dist/web/", BENCH_SSR_DIST: "/work/main/dist/ssr/", BENCH_SMALL_SEED: "1" } });
const lines = createInterface({ input: child.stdout! });
const info = await new Promise<any>((r) => lines.on("line", (l) => l.startsWith("BENCH_READY ") && r(JSON.parse(l.slice(12)))));
const origin = `http://127.0.0.1:${info.port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const which = process.argv[2] ?? "home";
for (let run = 0; run < 2; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  const device = `${VIEWER_DEVICE_COOKIE}=${writeViewerDevice({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, narrow: true })}`;
  await context.addCookies([device, ...info.cookie.split("; ")].map((pair: string) => { const at = pair.indexOf("="); return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin }; }));
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as any).__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) (window as any).__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: "longtask", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(which === "home" ? `${origin}/` : `${origin}/event/${info.eventId}`);
  await page.waitForTimeout(5000);
  const { profile } = await cdp.send("Profiler.stop");
  const long = await page.evaluate(() => (window as any).__long);
  writeFileSync(`/tmp/prof/trace-${which}-${run}.cpuprofile`, JSON.stringify(profile));
  console.log(run, "long tasks", JSON.stringify(long));
  await context.close();
}
await browser.close();
child.kill("SIGTERM");
