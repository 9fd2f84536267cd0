/**
 * One key per attempt (a checkout, a payment dialog's opening), reused when the same attempt is
 * retried, so a double click or a retried request is done once. crypto.randomUUID needs a secure
 * context; a LAN address over plain HTTP is not one, so fall back to getRandomValues, which works
 * everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
