import { SERVER_MESSAGES_FR } from "#shared/i18n/server-messages-fr.ts";
import { translateMessage } from "#shared/i18n/translate-message.ts";

/** The server's French dictionary, loaded by the screens that show messages written in src/shared. */
export function translateShared(english: string): string {
  return translateMessage(english, SERVER_MESSAGES_FR);
}
