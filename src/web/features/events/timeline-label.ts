import type { TimelineGroupKey } from "#shared/timeline.ts";
import { t } from "#web/i18n/i18n.ts";
import { formatDate } from "./format.ts";

/**
 * A home timeline group's heading in the reader's language: "Today"… "Next Month", then the month and
 * year ("March 2026", « Mars 2026 »). Worded here from the group's key rather than shown from the
 * shared label, which is the English.
 */
export function timelineLabel(key: TimelineGroupKey): string {
  if (!key.startsWith("month:")) return t(`home.group.${key as Exclude<TimelineGroupKey, `month:${string}`>}`);
  // The first of that month, formatted in UTC: the same month whatever the viewer's zone.
  const month = formatDate(`${key.slice("month:".length)}-01T00:00:00Z`, { month: "long", year: "numeric", timeZone: "UTC" });
  // French writes month names in lower case; at the start of a heading the first letter is a capital.
  return month.charAt(0).toUpperCase() + month.slice(1);
}
