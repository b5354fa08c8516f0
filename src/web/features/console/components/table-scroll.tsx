import type { ReactNode } from "react";

/**
 * A table that scrolls sideways inside its box on a narrow screen, so that the page itself never
 * does. The box is a named region in the tab order: a keyboard can scroll it with the arrow keys,
 * and a screen reader can find it by its name.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
    >
      {children}
    </div>
  );
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
