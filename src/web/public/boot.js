/* global document, requestAnimationFrame */
// A page the server rendered (docs/server-rendering.md) starts its main script through this file,
// named by the script tag's data-main, once the browser has painted the page it was sent. The
// screen's other modules (data-modules) are asked for at the same moment, all at once, so they arrive
// together rather than one import after another. Nothing is fetched before that paint: a module asked
// for earlier was counted as something the paint waited for, and on a slow phone it competed with it.
// The page takes no input until the main script has hydrated it.
const boot = document.querySelector("script[data-main]");
const main = boot?.dataset.main;
if (main) {
  // A frame's callbacks run before its paint; the task they queue runs after it.
  requestAnimationFrame(() => {
    setTimeout(() => {
      for (const href of (boot.dataset.modules ?? "").split(" ").filter(Boolean)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.append(link);
      }
      import(main).catch((error) => {
        // As main.tsx does when it cannot start: the page's own notice, instead of a screen that takes no input.
        console.error("the app's script could not be loaded", error);
        document.getElementById("root")?.remove();
        document.getElementById("start-failure")?.removeAttribute("hidden");
      });
    }, 0);
  });
}
