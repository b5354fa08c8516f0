import { Link } from "#web/components/link.tsx";
import { t } from "#web/i18n/i18n.ts";
import { LanguageSwitch } from "./lazy-language-switch.tsx";
import { paths } from "#web/lib/paths.ts";

export function Footer({ appName }: { appName: string }) {
  return (
    <footer className="mt-12 border-t border-slate-200 py-6 text-center text-sm text-slate-600">
      <p>
        {t("shell.footer.rights", { year: new Date().getFullYear(), appName })} ·{" "}
        <Link to={paths.privacy} className="underline hover:text-green-800">
          {t("shell.footer.privacy")}
        </Link>
      </p>
      <LanguageSwitch className="mt-3" />
    </footer>
  );
}
