/**
 * Translates a message the server wrote in English (an API error, a validation message) into
 * another language, from a dictionary keyed by the exact English text and a list of patterns for
 * the messages built with values ("Too many attempts. Please try again in 3 minutes.").
 * Pure data in, text out: no server imports, so the web app can use the same dictionary.
 */

/**
 * A message built with values. `english` is the text with `{name}` where a value goes (each matches
 * any text); `translation` is ICU-like: `{name}`, `{name, plural, one {# minute} other {# minutes}}`,
 * `{name, select, Player {joueurs} other {gardiens de but}}`, `{name, money}` (an amount written
 * in English, "$12.50", rewritten the language's way) and `{name, message}` (a value that is itself
 * a message, translated with the same dictionary).
 */
export interface MessagePattern {
  english: string;
  translation: string;
}

export interface MessageDictionary {
  /** The language's tag for `Intl` (plural rules, money): "fr-CA". */
  locale: string;
  exact: Readonly<Record<string, string>>;
  patterns: readonly MessagePattern[];
}

/** The message in the dictionary's language; the English as it is when the dictionary has none. */
export function translateMessage(english: string, dictionary: MessageDictionary): string {
  return findTranslation(english, dictionary) ?? english;
}

/** The translation, or undefined when the dictionary has none (the coverage test looks for those). */
export function findTranslation(english: string, dictionary: MessageDictionary): string | undefined {
  if (Object.hasOwn(dictionary.exact, english)) return dictionary.exact[english];
  for (const pattern of dictionary.patterns) {
    const values = matchPattern(pattern.english, english);
    if (values) return formatPattern(pattern.translation, values, dictionary);
  }
  return undefined;
}

/** The message with each `{value}` replaced by "{}": what the coverage test compares with template literals. */
export function patternShape(english: string): string {
  return english.replace(/\{[^{}]*\}/g, "{}");
}

const compiled = new Map<string, { regex: RegExp; names: string[] }>();

/** The values of `{name}` in a message that has the pattern's shape, or null. */
export function matchPattern(pattern: string, message: string): Record<string, string> | null {
  let entry = compiled.get(pattern);
  if (!entry) {
    const names: string[] = [];
    const source = pattern
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(name);
        return "([\\s\\S]*?)";
      })
      .join("");
    entry = { regex: new RegExp(`^${source}$`), names };
    compiled.set(pattern, entry);
  }
  const found = entry.regex.exec(message);
  if (!found) return null;
  return Object.fromEntries(entry.names.map((name, index) => [name, found[index + 1] ?? ""]));
}

/** Writes an ICU-like translation with the values found in the English. */
export function formatPattern(translation: string, values: Record<string, string>, dictionary: MessageDictionary): string {
  let out = "";
  let index = 0;
  while (index < translation.length) {
    const open = translation.indexOf("{", index);
    if (open === -1) {
      out += translation.slice(index);
      break;
    }
    out += translation.slice(index, open);
    const close = matchingBrace(translation, open);
    out += formatArgument(translation.slice(open + 1, close), values, dictionary);
    index = close + 1;
  }
  return out;
}

function formatArgument(argument: string, values: Record<string, string>, dictionary: MessageDictionary): string {
  const [name = "", kind = "", ...rest] = splitTopLevel(argument);
  const value = values[name.trim()] ?? "";
  switch (kind.trim()) {
    case "":
      return value;
    case "money":
      return rewriteMoney(value, dictionary.locale);
    case "message":
      return translateMessage(value, dictionary);
    case "plural": {
      const options = parseOptions(rest.join(","));
      const count = Number(value);
      const chosen = options[`=${value}`] ?? options[new Intl.PluralRules(dictionary.locale).select(count)] ?? options.other ?? "";
      return formatPattern(chosen, values, dictionary).replace(/#/g, value);
    }
    case "select": {
      const options = parseOptions(rest.join(","));
      return formatPattern(options[value] ?? options.other ?? "", values, dictionary);
    }
    default:
      throw new Error(`unknown format "${kind}" in a message pattern`);
  }
}

/** "one {# minute} other {# minutes}" → { one: "# minute", other: "# minutes" }. */
function parseOptions(text: string): Record<string, string> {
  const options: Record<string, string> = {};
  let index = 0;
  while (index < text.length) {
    const open = text.indexOf("{", index);
    if (open === -1) break;
    const key = text.slice(index, open).trim();
    const close = matchingBrace(text, open);
    options[key] = text.slice(open + 1, close);
    index = close + 1;
  }
  return options;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "{") depth++;
    else if (text[index] === "}" && --depth === 0) return index;
  }
  throw new Error(`unbalanced braces in the message pattern "${text}"`);
}

/** Splits "name, plural, one {a, b} other {c}" on the commas outside braces, at most twice. */
function splitTopLevel(argument: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < argument.length && parts.length < 2; index++) {
    const char = argument[index];
    if (char === "{") depth++;
    else if (char === "}") depth--;
    else if (char === "," && depth === 0) {
      parts.push(argument.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(argument.slice(start));
  return parts;
}

/**
 * "$12.50", "€1,234.00", "CHF 0.50" (formatCents in English) → "12,50 $", "1 234,00 €", "0,50 CHF"
 * in French: the figures the language's way, the currency's symbol after them. Text that is not an
 * amount is left as it is.
 */
function rewriteMoney(english: string, locale: string): string {
  const found = /^(\D*?)\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d+))?\s*(\D*)$/.exec(english.trim());
  if (!found) return english;
  const [, before = "", whole = "", fraction = "", after = ""] = found;
  const amount = Number(`${whole.replace(/,/g, "")}.${fraction || "0"}`);
  const figures = new Intl.NumberFormat(locale, { minimumFractionDigits: fraction.length, maximumFractionDigits: fraction.length }).format(amount);
  const symbol = `${before}${after}`.trim();
  return (symbol ? `${figures} ${symbol}` : figures).replace(/[\u202f\u00a0]/g, " ");
}
