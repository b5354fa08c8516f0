/* global document, requestAnimationFrame, Event, HTMLInputElement, HTMLTextAreaElement */
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
  // A frame's callbacks run before its paint; the task they queue runs after it.
  requestAnimationFrame(() => {
    setTimeout(() => {
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
      for (const href of (boot.dataset.modules ?? "").split(" ").filter(Boolean)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = href;
        document.head.append(link);
      }
      styled
        .then(() => import(main))
        .catch((error) => {
          // As main.tsx does when it cannot start: the page's own notice, instead of a screen that takes no input.
          console.error("the app's script could not be loaded", error);
          document.getElementById("root")?.remove();
          document.getElementById("start-failure")?.removeAttribute("hidden");
        });
    }, 0);
  });
}

/**
 * Until the page is hydrated (main.tsx dispatches "kickoff:hydrated"), its HTML has no handlers: a
 * tap would be lost, and a form would submit itself as a GET with what was typed in its address.
 * The root arrives inert; from here a link works as a plain link (the browser loads its page), and
 * any other tap or a form's submission is held: the page says it is getting ready, and once hydrated
 * the last one held is made again, on the same element (hydration keeps the server's elements).
 * What was typed in a field meanwhile is handed to the screen first, as typing would have.
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
    if (event.type === "click" && event.target.closest?.("a[href]")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = event;
    say();
  };
  root.addEventListener("click", hold, true);
  root.addEventListener("submit", hold, true);
  root.removeAttribute("inert");
  document.addEventListener(
    "kickoff:hydrated",
    () => {
      root.removeEventListener("click", hold, true);
      root.removeEventListener("submit", hold, true);
      notice?.remove();
      // Out of React's effect (this runs in one), each in a task of its own: the screen's state
      // takes the typed text before the tap is made again, so its handler reads it.
      setTimeout(() => {
        for (const field of root.querySelectorAll("input, textarea")) handTyped(field);
        setTimeout(() => {
          const target = held?.target;
          if (!target?.isConnected) return;
          if (held.type === "submit") target.requestSubmit?.();
          else target.click?.();
        }, 0);
      }, 0);
    },
    { once: true },
  );
}

/**
 * A field typed in before hydration: React took the typed text as the field's own and its state
 * still holds the server's value. Set back through React's own tracking, then to the typed text
 * past it, an input event makes the screen's onChange see what was typed.
 */
function handTyped(field) {
  if (field.type === "checkbox" || field.type === "radio" || field.type === "file" || field.value === field.defaultValue) return;
  const typed = field.value;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
