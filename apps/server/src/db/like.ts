/**
 * LIKE patterns from what a person typed: `%` and `_` (a customer searching "10%", an admin
 * filtering) are literal characters, not wildcards. Backslash is LIKE's default escape.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern that finds `text` anywhere. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern that finds values starting with `text`. */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}
