/**
 * A LIKE pattern that finds `text` anywhere: `%` and `_` typed by a person (a customer searching
 * "10%", an admin filtering) are literal characters, not wildcards. Backslash is LIKE's default escape.
 */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
