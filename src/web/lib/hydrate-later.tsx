import { createElement, Suspense, useLayoutEffect, useState, type HTMLAttributes } from "react";
import { reportMismatch } from "./hydration-mismatch.ts";

/**
 * Hydration in turns (docs/server-rendering.md, "Hydration in the browser"). Preact hydrates a page
 * in one pass (decision 050), a task a phone counts as blocking. A part wrapped in `HydrateLater`
 * keeps the server's HTML on screen and is hydrated in a task of its own, one part per task, in
 * the order the parts were met; when Preact meets a part that suspends while hydrating, it leaves its
 * elements as they are and hydrates them when the promise resolves. Only the first hydration of a
 * page the server rendered is split: a part rendered any other time renders at once, so nothing ever
 * shows a fallback. The server renders the part as it is, the same tree.
 */

/** The root of the page the server rendered while it is being hydrated (lib/hydration-check.ts, until `whenHydrated` settles). */
let hydrating: HTMLElement | undefined;
/** The chain of turns: each part's starts once the one before has had its task. */
let turns: Promise<void> = Promise.resolve();

/** Called right before a page the server rendered is hydrated (lib/hydration-check.ts). */
export function startHydrationInTurns(root: HTMLElement): void {
  hydrating = root;
}

/**
 * Resolves once every part met while hydrating has been hydrated, those inside others included.
 * Until then the server's clock and device stay in force (a part must render as the server did).
 */
export async function whenHydrated(): Promise<void> {
  let seen: Promise<void>;
  do {
    seen = turns;
    await seen;
    // The part resumed in that turn renders in its microtasks; a part inside it joins the chain then.
    await nextTask();
  } while (seen !== turns);
  hydrating = undefined;
}

interface Turn {
  root: HTMLElement;
  promise: Promise<void>;
  done: boolean;
  /** Whether the part's first render after its turn has read the page's text (once; a part stays mounted). */
  checked: boolean;
}

function takeTurn(root: HTMLElement): Turn {
  const turn: Turn = { root, promise: Promise.resolve(), done: false, checked: false };
  turns = turn.promise = turns.then(nextTask).then(() => {
    turn.done = true;
  });
  return turn;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

type PartProps = HTMLAttributes<HTMLElement> & { as: "div" | "section" | "aside" };

/**
 * Suspends until its turn has come, while the page is being hydrated; renders the part's element
 * otherwise. When its turn has come it reads the page's text first, and `Hydrated` reads it again
 * once the part is hydrated, in the same render: hydrating changes no text, so a difference is the
 * part's own render differing from the server's (what React called error #418). Only that first
 * render is checked: the part stays mounted and later renders change its text as they should.
 */
function Waiting({ turn, part: { as, children, ...props } }: { turn: Turn | null; part: PartProps }) {
  if (turn && !turn.done) throw turn.promise;
  let before: string | null = null;
  if (turn && !turn.checked) {
    turn.checked = true;
    before = turn.root.textContent;
  }
  return createElement(as, props, children, <Hydrated root={turn?.root} before={before} />);
}

/** Renders nothing; after a part's turn, says if the page's text is not what the server sent. */
function Hydrated({ root, before }: { root: HTMLElement | undefined; before: string | null }) {
  useLayoutEffect(() => {
    if (root && before !== null) reportMismatch(before, root.textContent ?? "");
  }, [root, before]);
  return null;
}

/**
 * A part of a screen hydrated in a turn of its own: one element (`as`, with its props), which the
 * part would have had anyway. One element, because Preact keeps a suspended part's first element
 * only (the rest would be removed, and drawn again from scratch once its turn came).
 */
export function HydrateLater(part: PartProps) {
  // Decided once, when the part is first rendered: only during the page's first hydration.
  const [turn] = useState(() => (hydrating && typeof window !== "undefined" ? takeTurn(hydrating) : null));
  return (
    <Suspense fallback={null}>
      <Waiting turn={turn} part={part} />
    </Suspense>
  );
}
