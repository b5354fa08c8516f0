import { useParams } from "react-router";
import { CheckInScreen } from "#web/features/check-in/components/check-in-screen.tsx";
import { ButtonLink } from "#web/components/form.tsx";
import { useAuth } from "#web/lib/auth.tsx";
import { paths } from "#web/lib/paths.ts";
import { t } from "#web/i18n/i18n.ts";

/** /event/:id/check-in: admins check players in at the pitch (docs/product-rules.md, "Check-in"). Its own chunk. */
export default function CheckInRoute() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  if (!user?.isAdmin) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("admin.checkIn.forOrganisers")}</h1>
        <p className="text-slate-600">{t("admin.checkIn.adminsOnly")}</p>
        <ButtonLink to={paths.event(id)}>{t("admin.backToGame")}</ButtonLink>
      </div>
    );
  }
  return <CheckInScreen eventId={id} />;
}
