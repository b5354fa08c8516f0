import { Link } from "#web/components/link.tsx";
import { type HTMLAttributes, type ReactNode } from "react";

type ButtonVariant = "primary" | "secondary" | "danger";
// Colours ease on hover; a button being enabled or disabled changes at once: a fade of its opacity
// left it, for 150 ms, at a contrast no one can read (and axe caught it so in the payment dialog).
const buttonBase =
  "inline-flex items-center justify-center rounded-md px-4 py-2 font-semibold shadow-sm transition-colors focus:outline-2 focus:outline-offset-2 focus:outline-green-700";
const buttonStyles: Record<ButtonVariant, string> = {
  primary: "bg-green-700 text-white hover:bg-green-800",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

export function Button({
  variant = "primary",
  className = "",
  ...props
}: { variant?: ButtonVariant } & React.ComponentPropsWithRef<"button">) {
  return (
    <button
      type="button"
      className={`${buttonBase} disabled:cursor-not-allowed disabled:opacity-60 ${buttonStyles[variant]} ${className}`}
      {...props}
    />
  );
}

/** A link that looks like the main button: a screen's way on to another screen. */
export function ButtonLink({ to, state, className = "", children }: { to: string; state?: unknown; className?: string; children: ReactNode }) {
  return (
    <Link to={to} state={state} className={`${buttonBase} ${buttonStyles.primary} ${className}`}>
      {children}
    </Link>
  );
}

/** An error or success line under a form; announced to screen readers. */
export function FormMessage({ kind, children }: { kind: "error" | "success"; children: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-md px-3 py-2 text-sm ${kind === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
    >
      {children}
    </p>
  );
}

/** A panel; pass `aria-labelledby` to make it a named region that screen readers can jump to. */
export function Card({ children, className = "", ...rest }: { children: ReactNode; className?: string } & HTMLAttributes<HTMLElement>) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${className}`} {...rest}>
      {children}
    </section>
  );
}
