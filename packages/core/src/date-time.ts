/**
 * How the product shows a moment (decision 083), on screens and in documents alike: Buenos Aires
 * time whatever the device's or the server's clock zone (the business's day, as the delivery and
 * account rules count it), 24 hours, and a four-digit year wherever a year is printed:
 *
 *   formatDateTime       "26/11/2026, 17:05"  a moment: orders, history, payments, invitations
 *   formatDate           "26/11/2026"         a moment's day only (a customer's last order)
 *   formatShortDateTime  "26/11 17:05"        a recent moment where the year goes without saying
 *                                             (the offline "precios al …", a rendición's confirmation)
 *   formatTime           "17:05"              a moment of a day already on screen
 *
 * A calendar day `AAAA-MM-DD` (a due date, a delivery day) is not a moment: receivables' formatDay
 * prints it as it is, with no zone shift.
 *
 * es-AR's own default is 12 hours ("5:05 p. m.") with a two-digit year ("26/11/26"): each field is
 * asked for here. 'h23', not `hour12: false`: with es-AR that resolves to 'h24' and a payment at
 * 00:05 printed "24:05". The formatters are built on first use, not at start-up.
 */
const TIME_ZONE = 'America/Argentina/Buenos_Aires';

type Style = 'dateTime' | 'date' | 'time';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit' },
};

const formatters = new Map<Style, Intl.DateTimeFormat>();

function formatterOf(style: Style): Intl.DateTimeFormat {
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('es-AR', { ...OPTIONS[style], timeZone: TIME_ZONE, hourCycle: 'h23' });
    formatters.set(style, formatter);
  }
  return formatter;
}

const format = (style: Style, value: Date | string): string => formatterOf(style).format(typeof value === 'string' ? new Date(value) : value);

/** A moment: "26/11/2026, 17:05". */
export const formatDateTime = (value: Date | string): string => format('dateTime', value);

/** A moment's day: "26/11/2026". */
export const formatDate = (value: Date | string): string => format('date', value);

/** A recent moment without its year: "26/11 17:05". */
export function formatShortDateTime(value: Date | string): string {
  // Taken from the full moment's parts: asked without a year, es-AR drops the day's leading zero ("2/12").
  const parts = formatterOf('dateTime').formatToParts(typeof value === 'string' ? new Date(value) : value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} ${part('hour')}:${part('minute')}`;
}

/** A moment's time: "17:05". */
export const formatTime = (value: Date | string): string => format('time', value);
