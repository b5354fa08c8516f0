import { useId, type InputHTMLAttributes, type ReactNode } from "react";

// Text fields, checkboxes and switches: apart from the buttons and cards in form.tsx, which the home
// page uses, so that the home page's first script does not carry the forms' fields (its budget).
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
