import { t, type MessageKey } from "./i18n.ts";

// A character no message or value holds: where the element goes in the translated sentence.
const SLOT = "\u0000";

/**
 * A message with an element inside it (a link, a bold range): the text before and after the value
 * `name`, so that a screen renders `{before}<Element />{after}` and each language puts it where its
 * sentence needs it ("Showing {range} ({zone})").
 */
export function messageAround(key: MessageKey, name: string, values: Record<string, string | number> = {}): [before: string, after: string] {
  const text = t(key, { ...values, [name]: SLOT });
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + SLOT.length)];
}
