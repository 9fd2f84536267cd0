export { newIdempotencyKey } from '../../lib/idempotency-key';

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
