import { Button } from "#web/components/form.tsx";
import { t } from "#web/i18n/i18n.ts";
import { errorMessage } from "#web/lib/api.ts";

/** A failed request, said plainly, with a way to try again. */
export function QueryError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 sm:flex-row sm:items-center">
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{errorMessage(error)}</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        {t("shell.retry")}
      </Button>
    </div>
  );
}
