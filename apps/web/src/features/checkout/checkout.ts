/**
 * One key per checkout attempt, reused when the same attempt is retried, so a double click or a
 * retried request never creates two orders. crypto.randomUUID needs a secure context; a LAN
 * address over plain HTTP is not one, so fall back to getRandomValues, which works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Opens the WhatsApp message in a new tab. 'noopener' as a window feature would make window.open
 * return null even on success, and then a blocked pop-up could not be told apart; cutting the
 * opener by hand gives the same protection and a truthful answer. Returns false when blocked.
 */
export function openWhatsapp(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}
