import { useParams } from "react-router";
import { ButtonLink } from "#web/components/form.tsx";
import { TeamsScreen } from "#web/features/teams/components/teams-screen.tsx";
import { useAuth } from "#web/lib/auth.tsx";
import { paths } from "#web/lib/paths.ts";
import { t } from "#web/i18n/i18n.ts";

/** /event/:id/teams: admins make fair teams at the pitch (docs/teams-and-ratings.md). Its own chunk. */
export default function TeamsRoute() {
  const { id = "" } = useParams();
  const { user } = useAuth();
  if (!user?.isAdmin) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("admin.teams.forOrganisers")}</h1>
        <p className="text-slate-600">{t("admin.teams.adminsOnly")}</p>
        <ButtonLink to={paths.event(id)}>{t("admin.backToGame")}</ButtonLink>
      </div>
    );
  }
  return <TeamsScreen eventId={id} />;
}
