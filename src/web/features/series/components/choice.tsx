import { useId } from "react";

/** One radio button of a group, its label beside it (a fieldset and its legend name the group). */
export function Choice({ name, label, hint, checked, onSelect }: { name: string; label: string; hint?: string; checked: boolean; onSelect: () => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="radio" name={name} checked={checked} onChange={onSelect} aria-describedby={hint ? `${id}-hint` : undefined} className="mt-1 size-4 accent-green-700" />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
