import { t } from "#web/i18n/i18n.ts";

export function Spinner({ label }: { label?: string }) {
  return (
    <div className="flex justify-center py-10" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-green-600 border-t-transparent" aria-hidden="true" />
      <span className="sr-only">{label ?? t("shell.loading")}</span>
    </div>
  );
}

export function LoadingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center text-lg text-slate-600" role="status">
      {t("shell.loading")}
    </div>
  );
}
