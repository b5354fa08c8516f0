import { t } from "#web/i18n/i18n.ts";
import { paths } from "#web/lib/paths.ts";
import { ButtonLink } from "./form.tsx";

/** What every "not here" screen looks like (an unknown address, a missing event): the heading, why, and the way back to the games. */
export function NotFoundMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-extrabold tracking-tight text-green-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <ButtonLink to={paths.home} className="mt-8">
        {t("shell.backToEvents")}
      </ButtonLink>
    </div>
  );
}
