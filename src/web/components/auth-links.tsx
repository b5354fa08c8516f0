import { Link } from "#web/components/link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { paths } from "#web/lib/paths.ts";

/** The way back to the login screen, under every account form. */
export function BackToLogin({ className = "mt-6 text-center text-sm" }: { className?: string }) {
  return (
    <p className={className}>
      <Link to={paths.home} className="font-semibold text-green-800 underline">
        {t("account.links.backToLogin")}
      </Link>
    </p>
  );
}

/** The "or" between a form and Sign in with Google. */
export function OrDivider() {
  return (
    <div className="my-4 flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      {t("account.links.or")}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
