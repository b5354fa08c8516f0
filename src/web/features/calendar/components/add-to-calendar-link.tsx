import { t } from "#web/i18n/i18n.ts";
import { apiUrl } from "#web/lib/app-origin.ts";

const AS_LINK = "inline-flex items-center gap-1.5 self-start font-semibold text-green-800 underline hover:text-green-900 focus:outline-2 focus:outline-offset-2 focus:outline-green-700";
/** As a whole-width secondary button (Payment Successful!, beside its other actions). */
const AS_BUTTON =
  "inline-flex min-h-11 w-full items-center justify-center gap-1.5 rounded-md border border-green-700 bg-white px-4 py-2 font-semibold text-green-800 shadow-sm hover:bg-green-50 focus:outline-2 focus:outline-offset-2 focus:outline-green-700";

/**
 * The game's .ics: a phone or desktop calendar opens it and offers to add the game, at its time on
 * the pitch's clocks, with alarms that follow the viewer's Game reminders (docs/calendar-and-reminders.md).
 */
export function AddToCalendarLink({ eventId, look = "link" }: { eventId: string; look?: "link" | "button" }) {
  return (
    <a href={apiUrl(`/api/events/${encodeURIComponent(eventId)}/calendar.ics`)} download className={look === "button" ? AS_BUTTON : AS_LINK}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="currentColor" className="shrink-0">
        <path d="M6 1.5a1 1 0 0 1 1 1V3h6v-.5a1 1 0 1 1 2 0V3h1a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h1v-.5a1 1 0 0 1 1-1ZM4 8v8h12V8H4Zm5 1.5h2v2h2v2h-2v2H9v-2H7v-2h2v-2Z" />
      </svg>
      {t("event.page.addToCalendar")}
    </a>
  );
}
