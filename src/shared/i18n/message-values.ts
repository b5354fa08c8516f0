import type { Language } from "#shared/language.ts";
import { formatCents } from "#shared/money.ts";
import { isMoneyValue, type MessageValue } from "./error-key.ts";

/**
 * A message's values in a language, for either side's translator: an amount formatted the
 * language's way ("$12.50", "12,50 $"), text and numbers as they are. French amounts in these
 * messages are written with plain spaces ("1 234,50 $"), as they always were, where Intl puts
 * no-break ones.
 */
export function messageValuesIn(values: Readonly<Record<string, MessageValue>>, language: Language): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (!isMoneyValue(value)) return [name, value];
      const amount = formatCents(value.cents, value.currency, language);
      return [name, language === "en" ? amount : amount.replace(/[\u202f\u00a0]/g, " ")];
    }),
  );
}
