import type { EventDetail } from "#shared/events.ts";
import { DEFAULT_FEE } from "#shared/money.ts";
import { t } from "#web/i18n/i18n.ts";
import { useConfig, useCurrency } from "#web/lib/config.ts";
import { viewerStatus } from "#web/features/registrations/viewer-status.ts";

/**
 * The viewer's own state for this game. A live region that is always there, so that a change made
 * elsewhere (a payment that went through, a promotion from the waitlist) is announced when it shows.
 */
export function ViewerStatusBox({ event, now }: { event: EventDetail; now: Date }) {
  const config = useConfig();
  // The fee rule comes with the app's settings, loaded at start; the default is the same rule.
  const lines = viewerStatus({ event, mine: event.mine, now, currency: useCurrency(), rule: config.data?.payments ?? DEFAULT_FEE });
  return (
    <div role="status" aria-label={t("event.status.label")}>
      {lines.length > 0 && (
        <div className="flex flex-col gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3">
          {lines.map((line) => (
            <div key={line.key}>
              <p className="font-semibold text-green-900">{line.headline}</p>
              {line.detail && <p className="text-sm text-green-900">{line.detail}</p>}
              {line.deadline && <p className="text-sm text-green-900">{line.deadline}</p>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
