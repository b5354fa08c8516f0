const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths are checked before they reach a uuid column, so a bad one is a 404, not a database error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
