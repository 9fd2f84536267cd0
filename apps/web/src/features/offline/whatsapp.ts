/** Opens the order's WhatsApp message (as checkout does, decision 004); false when the browser blocked the window. */
export function openWhatsapp(url: string): boolean {
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  opened.opener = null;
  return true;
}
