/* global document, requestAnimationFrame */
// A page the server rendered (docs/server-rendering.md) starts its main script through this file,
// named by the script tag's data-main, once the browser has painted the page it was sent. Loaded
// at once, the main script was often run before that first paint, holding the page back behind
// its evaluation on a slow phone; its code is already being fetched (the page's modulepreloads), so
// the wait costs a frame. The page takes no input until the main script has hydrated it.
const main = document.querySelector("script[data-main]")?.dataset.main;
if (main) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      import(main).catch((error) => {
        // As main.tsx does when it cannot start: the page's own notice, instead of a screen that takes no input.
        console.error("the app's script could not be loaded", error);
        document.getElementById("root")?.remove();
        document.getElementById("start-failure")?.removeAttribute("hidden");
      });
    }, 0),
  );
}
