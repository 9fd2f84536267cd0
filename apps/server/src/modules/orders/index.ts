// The orders module's public surface: the orders and order_edits tables, their reads and writes,
// the order's documents (PDF, picking sheet, CSV) and which e-mails an order event sends. Work that
// also moves stock, points or e-mails (place, cancel, change status, edit) is in src/flows.
export {
  currentStock,
  findOrder,
  findOrderByIdempotencyKey,
  findOrderForUpdate,
  findOwnOrder,
  findOwnOrderForUpdate,
  insertOrderAndEmptyCart,
  notifyCreditHoldDecided,
  notifyOrderCancelled,
  readOrderContext,
  readProducts,
  toOrder,
  updateCreditHold,
  updateOrderStatus,
  type NewOrder,
  type OrderContext,
  type OrderedProduct,
  type OrderItemSnapshot,
  type OrderRow,
  type OrderUserInfo,
} from './orders.repository';
export { unpreparedUnits } from './orders.reserved';
export { findOrderForEdit, insertOrderEdit, listOrderEdits, updateOrderItems } from './orders-edits.repository';
export { assertSameOrderRequest, orderRequestFingerprint } from './orders.idempotency';
export {
  createOwnOrdersService,
  productUnavailable,
  refusedStockError,
  whatsappUrl,
  type OwnOrdersService,
} from './orders.service';
export { createAdminOrdersService, MAX_EXPORT_ROWS, orderNotFound, type AdminOrdersService } from './orders-admin.service';
export {
  createOrderEmailRenderer,
  emailsForEvent,
  type OrderEmail,
  type OrderEmailEvent,
  type QueuedOrderEmail,
} from './orders.emails';
export { renderOrderPdf } from './orders.pdf';
export { renderPickingSheetPdf } from './orders.picking-pdf';
