import { type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { messages as errorsEn } from "#shared/i18n/catalogs/en/errors.ts";
import { messages as sharedEn } from "#shared/i18n/catalogs/en/shared.ts";
import { type ErrorText, readErrorText } from "#shared/i18n/error-key.ts";
import { messageValuesIn } from "#shared/i18n/message-values.ts";

// Under vitest the catalogs arrive compiled (scripts/vite-compiled-catalogs.ts); compiled here otherwise.
const compiled: Messages = {};
for (const [key, message] of Object.entries({ ...sharedEn, ...errorsEn })) compiled[key] = typeof message === "string" ? compileMessage(message) : (message as unknown as Messages[string]);
const i18n = setupI18n({ locale: "en", locales: ["en-US"], messages: { en: compiled } });

/**
 * A message written in src/shared (a zod issue's, a rule's constant: a key, with its values or not)
 * in English, for the tests of src/shared, which see neither the server's `translate` nor the web's
 * `sharedMessage`; any other text as it is.
 */
export function english(message: string | ErrorText): string {
  const text = typeof message === "string" ? readErrorText(message) : message;
  if (!text) return message as string;
  return i18n._(text.key, text.values && messageValuesIn(text.values, "en"));
}
