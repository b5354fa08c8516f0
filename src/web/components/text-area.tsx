import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";

/** A labelled multi-line field, styled like TextField; `hint` is read out with it. */
export function TextArea({
  label,
  hint,
  "aria-describedby": describedElsewhere,
  ...textarea
}: { label: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const described = [describedElsewhere, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={described}
        rows={3}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-green-600 focus:outline-2 focus:outline-green-600 aria-[invalid=true]:border-red-500"
        {...textarea}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
