import { formatCents as formatCentsIn } from "#shared/money.ts";
import { currentLanguage } from "./i18n.ts";

/** An amount in the configured currency, written the way the screens' language writes it ("10,00 $"). */
export function formatCents(cents: number, currency: string): string {
  return formatCentsIn(cents, currency, currentLanguage());
}
