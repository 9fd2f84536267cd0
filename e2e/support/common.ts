// What many specs share: the bearer header for API calls, the two widths every screen is
// photographed at, and the business calendar's day (Buenos Aires, whatever the machine's zone).

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export const PHONE = { width: 390, height: 844 };
export const WIDE = { width: 1280, height: 900 };

/** Today in Buenos Aires plus `days`, as yyyy-mm-dd (what the server's calendar uses). */
export function businessDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
