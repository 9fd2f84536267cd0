/** Longest name an e-mail greeting shows. */
export const EMAIL_NAME_MAX_LENGTH = 40;

/**
 * A name typed by whoever signed up, made safe to put in an e-mail we send to an address they
 * may not own (the abuse-limits work, decision 010). Mail clients turn anything that looks like an address into a
 * link (`evil.example`, `www.x.com/…`, `http://…`), so only letters, combining marks, spaces,
 * apostrophes and hyphens survive: every real name does, no URL can.
 */
export function plainDisplayName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}' -]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EMAIL_NAME_MAX_LENGTH)
    .trim();
}
