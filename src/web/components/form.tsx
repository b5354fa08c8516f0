import { Link } from "react-router";
import { useId, type HTMLAttributes, type InputHTMLAttributes, type ReactNode } from "react";

export function TextField({
  label,
  error,
  hint,
  "aria-describedby": describedElsewhere,
  ...input
}: { label: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  // What the form says about this field elsewhere (e.g. its error line) comes along with the hint.
  const described = [error ? `${id}-error` : null, describedElsewhere, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-green-600 focus:outline-2 focus:outline-green-600 aria-[invalid=true]:border-red-500"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Checkbox({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      {/* Aligned with the first line of a label that wraps. */}
      <input id={id} type="checkbox" className="mt-0.5 h-4 w-4 shrink-0 accent-green-700" {...input} />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

/** An on/off setting saved as soon as it is flipped: its label, a line saying what it covers, and the switch. */
export function Switch({ label, hint, checked, busy, onChange }: { label: string; hint: string; checked: boolean; busy: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        checked={checked}
        aria-busy={busy}
        onChange={(event) => onChange(event.target.checked)}
        className="relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-1 before:top-1 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-green-700 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 aria-busy:cursor-wait"
      />
    </div>
  );
}

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
