import { useId, useState } from "react";
import { Card, FormMessage } from "../../../components/form.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { QueryError } from "../../events/components/query-error.tsx";
import { useGameReminders, useSetGameReminders } from "../hooks/use-game-reminders.ts";

/** Profile: "Game reminders", the mails 24 hours and 2 hours before a game; apart from the new-game mails. */
export function GameRemindersSection() {
  const headingId = useId();
  const id = useId();
  const settings = useGameReminders();
  const set = useSetGameReminders();
  const [error, setError] = useState("");

  const change = (next: boolean) => {
    if (set.isPending) return;
    setError("");
    set.mutate(next, { onError: (caught) => setError(`Failed to update email settings: ${errorMessage(caught)}`) });
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Game reminders
      </h2>
      <div className="mt-4">
        {settings.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading your reminder settings...
          </p>
        ) : settings.isError ? (
          <QueryError title="Your reminder settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <div className="flex items-center justify-between gap-4">
            <div>
              <label htmlFor={id} className="font-medium text-slate-800">
                Email me 24 hours and 2 hours before my games
              </label>
              <p id={`${id}-hint`} className="text-sm text-slate-600">
                For the games you hold a spot in: when and where, with directions.
              </p>
            </div>
            <input
              id={id}
              type="checkbox"
              role="switch"
              aria-describedby={`${id}-hint`}
              checked={settings.data.gameReminders}
              aria-busy={set.isPending}
              onChange={(e) => change(e.target.checked)}
              className="relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-1 before:top-1 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-green-700 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 aria-busy:cursor-wait"
            />
          </div>
        )}
        {error && (
          <div className="mt-3">
            <FormMessage kind="error">{error}</FormMessage>
          </div>
        )}
      </div>
    </Card>
  );
}
