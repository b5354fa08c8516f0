/** Names compared as people type them at the pitch: any case, with or without accents ("lea" finds "Léa"). */
export function foldName(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Every word typed starts a word of the name, in any order ("ann t" finds "Ann Test"). */
export function matchesName(name: string, query: string): boolean {
  const words = foldName(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const nameWords = foldName(name).split(/[\s-]+/);
  return words.every((word) => nameWords.some((part) => part.startsWith(word)));
}
