/** "25/11 14:32" in the device's time zone (the offline banner's "precios al …", the points balance's "al …"). */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
