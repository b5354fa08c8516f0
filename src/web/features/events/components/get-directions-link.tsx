import { t } from "#web/i18n/i18n.ts";
import { currentMapPlatform, directionsUrl } from "#web/features/events/directions.ts";

/** Opens the route to the venue (its point, else its address) in the user's map app: in a new tab on the web, the map app on a phone. */
export function GetDirectionsLink({ latitude, longitude, name }: { latitude: number | null; longitude: number | null; name: string }) {
  return (
    <a
      href={directionsUrl({ latitude, longitude, name }, currentMapPlatform())}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 self-start font-semibold text-green-800 underline hover:text-green-900 focus:outline-2 focus:outline-offset-2 focus:outline-green-700"
    >
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="currentColor" className="shrink-0">
        <path d="M10 1.5a6 6 0 0 0-6 6c0 4.3 5.1 10.2 5.3 10.5a.9.9 0 0 0 1.4 0c.2-.3 5.3-6.2 5.3-10.5a6 6 0 0 0-6-6Zm0 8.3a2.3 2.3 0 1 1 0-4.6 2.3 2.3 0 0 1 0 4.6Z" />
      </svg>
      {t("event.page.directions")}
      <span className="sr-only"> {t("event.page.newTab")}</span>
    </a>
  );
}
