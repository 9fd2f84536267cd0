/** POST /api/admin/orders/:id/reject-credit's body (decision 028: the browser's builder, testable by the server's contracts). */
export function toRejectCreditBody(reason: string) {
  return { reason: reason.trim() };
}
