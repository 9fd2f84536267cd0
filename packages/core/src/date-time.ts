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
 *
 * A value that is no moment (a device's stored 'not a date') reads "—", the dash of a missing
 * value: Intl throws a RangeError on an invalid Date, and one bad date must not take a screen down.
 */
const BUENOS_AIRES = { timeZone: 'America/Argentina/Buenos_Aires', hourCycle: 'h23' } as const;
const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const CLOCK = { hour: '2-digit', minute: '2-digit' } as const;

/** A formatter built on its first use; one a bundle never calls stays out of it. */
function lazyFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat('es-AR', { ...options, ...BUENOS_AIRES }));
}

const dateTimeFormatter = /* @__PURE__ */ lazyFormatter({ ...DAY, ...CLOCK });
const dateFormatter = /* @__PURE__ */ lazyFormatter(DAY);
const timeFormatter = /* @__PURE__ */ lazyFormatter(CLOCK);
const NO_MOMENT = '—';

function format(formatter: () => Intl.DateTimeFormat, value: Date | string): string {
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? NO_MOMENT : formatter().format(moment);
}

/** A moment: "26/11/2026, 17:05". */
export const formatDateTime = (value: Date | string): string => format(dateTimeFormatter, value);

/** A moment's day: "26/11/2026". */
export const formatDate = (value: Date | string): string => format(dateFormatter, value);

/** A recent moment without its year: "26/11 17:05". */
export function formatShortDateTime(value: Date | string): string {
  // Cut from the full moment, "26/11/2026, 17:05": asked without a year, es-AR drops the day's
  // leading zero ("2/12"). The test pins the full form this relies on.
  const full = formatDateTime(value);
  return full === NO_MOMENT ? full : `${full.slice(0, 5)} ${full.slice(-5)}`;
}

/** A moment's time: "17:05". */
export const formatTime = (value: Date | string): string => format(timeFormatter, value);
