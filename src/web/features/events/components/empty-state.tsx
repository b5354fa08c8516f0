import type { ReactNode } from "react";
import { Link } from "react-router";

export function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-lg font-semibold text-slate-800">{title}</p>
      <p className="mt-1 text-slate-600">{text}</p>
      {children && <div className="mt-5 flex justify-center">{children}</div>}
    </div>
  );
}

/** The way on from an empty list: a link styled as the app's main button. */
export function EmptyStateLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center justify-center rounded-md bg-green-700 px-5 py-2 font-semibold text-white shadow-sm hover:bg-green-800 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
    >
      {children}
    </Link>
  );
}
