import { useEffect, useId, useState, type ComponentType } from "react";
import { Spinner } from "#web/components/spinner.tsx";
import { t } from "#web/i18n/i18n.ts";

/**
 * The Completed Events table, below the fold: its code (completed-events.tsx) is fetched once the
 * first screen is up, not in the home page's first script (its budget, docs/testing-and-budgets.md).
 * Until then, and in the server's render, its heading and the spinner it shows while its answer comes.
 * Held in state rather than through React.lazy: a render on the server must not suspend
 * (docs/server-rendering.md), and a Suspense boundary reveals on a timer.
 */
export function CompletedEventsLater() {
  const [Completed, setCompleted] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const headingId = useId();
  useEffect(() => {
    import("./completed-events.tsx").then((module) => setCompleted(() => module.CompletedEvents), () => setFailed(true));
  }, []);
  if (Completed) return <Completed />;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {t("home.completed.title")}
      </h2>
      {failed ? (
        <p role="alert" className="text-sm text-red-800">
          {t("home.completed.loadFailed")}
        </p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
