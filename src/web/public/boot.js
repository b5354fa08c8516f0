/* global document, requestAnimationFrame, PerformanceObserver, Worker, clearTimeout */
// A page the server rendered (docs/server-rendering.md) starts its main script through this file,
// named by the script tag's data-main, once the browser has painted the page it was sent. The
// screen's other modules (data-modules) are asked for at the same moment, all at once, so they arrive
// together rather than one import after another, and so is the whole stylesheet (data-styles): the
// page carries only the rules its first screen uses. Nothing is fetched before that paint: a module
// asked for earlier was counted as something the paint waited for, and on a slow phone it competed
// with it. The main script starts once the stylesheet is here, so that what it draws is styled.
const boot = document.querySelector("script[data-main]");
const main = boot?.dataset.main;
const root = document.getElementById("root");
if (main && root) {
  holdInputUntilHydrated(root, boot.dataset.gettingReady ?? "");
  afterFirstPaint(() => {
    // The icon's and the manifest's links, which the server left inert (nothing but the page is
    // fetched before the paint), in place of the empty icon that kept the browser from /favicon.ico.
    const templates = document.querySelectorAll("template[data-after-paint]");
    if (templates.length) document.querySelector('link[rel="icon"][href="data:,"]')?.remove();
    for (const template of templates) document.head.append(template.content);
    const styles = boot.dataset.styles;
    const styled = styles
      ? new Promise((resolve) => {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = styles;
          // A stylesheet that fails is no reason not to start: the page keeps its first screen's rules.
          link.onload = link.onerror = resolve;
          document.head.append(link);
        })
      : Promise.resolve();
    // Each link the page gains costs a few milliseconds on a phone (its fetch is set up there and
    // then; 1.5-2 ms each on the test machine, unthrottled): three per task, so that asking for the
    // screen's twenty-odd modules is no long task (six a task were 10-14 ms, a long one on a phone).
    // Named without /assets/, where the build puts them (a page is shorter by that); a whole path as it is.
    // The main script first, with them: imported only once they are all here, it was fetched after
    // them, a round trip of its own before the page could start (on a phone's network, 150 ms or more).
    const modules = [main, ...(boot.dataset.modules ?? "").split(" ").filter(Boolean).map((name) => (name.startsWith("/") ? name : `/assets/${name}`))];
    const preloaded = inTurns(chunksOf(modules, 3), (chunk) => {
      for (const href of chunk) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.append(link);
      }
    });
    // While the modules download: Intl's locale data, loaded off the main thread (below).
    const warm = warmIntl(document.documentElement.lang || "en");
    Promise.all([styled, preloaded, warm])
      .then(() => import(main))
      .catch((error) => {
        // As main.tsx does when it cannot start: the page's own notice, instead of a screen that takes no input.
        console.error("the app's script could not be loaded", error);
        document.getElementById("root")?.remove();
        document.getElementById("start-failure")?.removeAttribute("hidden");
      });
  });
}

/**
 * Calls `start` once the page's first paint is on screen: when the browser reports its first
 * contentful paint, whose time is when the frame was shown. The task a frame's callback queues runs
 * once the frame is drawn, which can be well before it is shown (a busy phone, a software
 * compositor): the stylesheet and the modules asked for then were counted by Lighthouse as what the
 * largest paint waited for (its LCP up to twice its FCP in the same run). A browser that does not
 * report paints starts after the frame, as before; so does any browser a second after it, should
 * the report not come. A tab opened in the background paints nothing until it is shown, and starts then.
 */
function afterFirstPaint(start) {
  let started = false;
  let observer;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const reportsPaints = typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (reportsPaints) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) setTimeout(once, 0);
    });
    observer.observe({ type: "paint", buffered: true });
  }
  // A frame's callbacks run before its paint; the task they queue runs after it.
  requestAnimationFrame(() => setTimeout(once, reportsPaints ? 1000 : 0));
}

/**
 * The first Intl object a page makes, of any kind, costs far more than any after it: the browser
 * loads the locale data the kinds share (on a phone, about a tenth of a second in one piece). Made on
 * the main thread, in the screen's hydration or here one kind per task, that was the page's longest
 * task, or pieces of 40-60 ms on a slow machine. The data is the renderer's, shared by its threads:
 * a worker (/intl-warm.js) loads it, in the page's language, while the modules download, and the
 * main script waits for it (never more than two seconds), so that the screen's first dates and prices
 * cost what later ones do. docs/server-rendering.md, "What boot.js does meanwhile".
 */
function warmIntl(locale) {
  if (typeof Worker !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    let worker;
    const done = () => {
      clearTimeout(limit);
      worker?.terminate();
      resolve();
    };
    const limit = setTimeout(done, 2000);
    try {
      worker = new Worker("/intl-warm.js");
      worker.onmessage = worker.onerror = done;
      worker.postMessage({ locales: [locale] });
    } catch {
      done();
    }
  });
}

/** Calls `step` for each item, one item per task; resolves after the last (errors are not the page's concern). */
function inTurns(items, step) {
  return items.reduce(
    (before, item) =>
      before.then(
        () =>
          new Promise((resolve) =>
            setTimeout(() => {
              try {
                step(item);
              } catch {
                // An older browser without one of Intl's kinds: the app makes what it needs itself.
              }
              resolve();
            }, 0),
          ),
      ),
    Promise.resolve(),
  );
}

function chunksOf(items, size) {
  const chunks = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Until the page is hydrated (main.tsx removes `inert` and dispatches "kickoff:hydrated"), its root
 * is inert: its HTML has no handlers, and a form would submit itself as a GET with what was typed in
 * its address, so it takes no input. A tap on it then reaches the page around it: the page says it
 * is getting ready, and once hydrated the last tap is made again on what is at the same place (the
 * layout does not move: hydration keeps the server's elements).
 */
function holdInputUntilHydrated(root, gettingReady) {
  let held;
  let notice;
  const say = () => {
    if (notice || !gettingReady) return;
    notice = document.createElement("div");
    notice.setAttribute("role", "status");
    notice.textContent = gettingReady;
    // The page's stylesheet may not be here yet: its own few rules, fixed, over nothing that moves.
    notice.style.cssText =
      "position:fixed;left:50%;bottom:1rem;transform:translateX(-50%);z-index:1000;padding:.5rem 1rem;border-radius:.5rem;background:#0f172a;color:#fff;font:500 .875rem/1.25rem system-ui,sans-serif;box-shadow:0 1px 3px #0003";
    document.body.append(notice);
  };
  const hold = (event) => {
    if (!root.hasAttribute("inert")) return;
    const box = root.getBoundingClientRect();
    if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) return;
    held = { x: event.clientX, y: event.clientY };
    say();
  };
  document.addEventListener("click", hold, true);
  document.addEventListener(
    "kickoff:hydrated",
    () => {
      document.removeEventListener("click", hold, true);
      notice?.remove();
      if (!held) return;
      // Out of React's effect (this runs in one): the tap as a new task, as a person's would be.
      setTimeout(() => {
        const target = document.elementFromPoint(held.x, held.y);
        if (target && root.contains(target)) target.click?.();
      }, 0);
    },
    { once: true },
  );
}
