// The deliveries module's public surface (Repartos, decision 049): zones, the customers' zone and
// stop, the non-delivery dates, the day's stops, the driver's attempts and the route and load
// sheets. It owns the delivery columns of orders (date, zone, stop) and writes only those; work
// that also changes an order's status, stock or cuenta corriente is in src/flows.
export {
  createZone,
  deleteZone,
  findZone,
  listCustomersWithoutZone,
  listDrivers,
  listHolidays,
  listZones,
  readCustomerZone,
  readCustomerDeliveryRule,
  readZoneRule,
  replaceHolidays,
  setCustomerZone,
  updateZone,
  zoneCustomerIds,
  zoneNotFound,
  type CustomerDeliveryRule,
  type Holiday,
} from './deliveries.zones';
export {
  customerZoneOf,
  PLANNABLE_STATUSES,
  readDayCustomers,
  readDayStops,
  readOrdersWithoutZone,
  reorderStops,
  setOrderDelivery,
  type PlannedStop,
  type StopResult,
} from './deliveries.planning';
export {
  attemptFingerprint,
  findAttemptByKey,
  findRescheduleTo,
  insertAttempt,
  notifyDeliveryAttempt,
  zoneDriverOf,
  zonesOfDriver,
  type DeliveryAttempt,
} from './deliveries.attempts';
export { markTodayNotices, type TodayNotice } from './deliveries.notices';
export { loadTotals, renderLoadSheetPdf, renderRouteSheetPdf, renderSheetXlsx, type SheetHeading } from './deliveries.documents';
