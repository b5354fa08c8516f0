import { type RefObject, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { t } from "#web/i18n/i18n.ts";

/**
 * A table that scrolls sideways inside its box on a narrow screen, so that the page itself never
 * does. The box is a named region in the tab order: a keyboard can scroll it with the arrow keys,
 * and a screen reader can find it by its name. While columns are out of view (a phone: the roster's
 * money and check-in), a line above says the table scrolls, which the box names as its description,
 * and a shade on the cut edge shows where the rest is (issue 32); both go once everything is in view.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const cueId = useId();
  const { more, left, right } = useOverflow(box);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {more && (
        <p id={cueId} className="text-sm text-slate-600">
          <span aria-hidden="true">↔ </span>
          {t("admin.table.scrollCue")}
        </p>
      )}
      <div className="relative min-w-0">
        <div
          ref={box}
          role="region"
          aria-label={label}
          aria-describedby={more ? cueId : undefined}
          tabIndex={0}
          className="max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
        >
          {children}
        </div>
        {right && <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-6 rounded-r-lg bg-gradient-to-l from-slate-400/40 to-transparent" />}
        {left && <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-3 bg-gradient-to-r from-slate-400/20 to-transparent" />}
      </div>
    </div>
  );
}

/** Whether the box's content is wider than the box, and on which sides columns are out of view. */
function useOverflow(ref: RefObject<HTMLDivElement | null>) {
  const [state, setState] = useState({ more: false, left: false, right: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const next = { more: hidden > 1, left: element.scrollLeft > 1, right: element.scrollLeft < hidden - 1 };
      setState((current) => (current.more === next.more && current.left === next.left && current.right === next.right ? current : next));
    };
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer?.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, [ref]);
  return state;
}

/** The cell styles the console's tables share: figures right-aligned in even-width digits. */
export const cell = {
  head: "whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700",
  headNumber: "whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 text-right text-xs font-semibold uppercase tracking-wide text-slate-700",
  body: "whitespace-nowrap border-b border-slate-100 px-3 py-2 text-left text-slate-800",
  number: "whitespace-nowrap border-b border-slate-100 px-3 py-2 text-right tabular-nums text-slate-800",
  total: "whitespace-nowrap px-3 py-2 text-right font-semibold tabular-nums text-slate-900",
  totalHead: "whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-900",
};
