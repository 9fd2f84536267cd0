/**
 * Every error code the API answers, each with its kind; the kind alone decides the HTTP status.
 * The server throws a code (AppError), one error handler maps kind → status, and the web reacts
 * to codes, never to message text. Zod-free so the web's first download can import it.
 */
export const ERROR_KIND_STATUS = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  unprocessable: 422,
  upgrade_required: 426,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_KIND_STATUS;

export const ERROR_CODES = {
  // The request itself
  validation_failed: 'validation',
  bad_request: 'validation',
  malformed_json: 'validation',
  body_too_large: 'too_large',
  headers_too_large: 'headers_too_large',
  unsupported_media_type: 'unsupported_media_type',
  request_timeout: 'request_timeout',
  upgrade_required: 'upgrade_required',
  rate_limited: 'rate_limited',
  not_found: 'not_found',
  internal_error: 'internal',
  database_unavailable: 'unavailable',
  // Two transactions crossed (deadlock, serialization failure): nothing was applied; try again.
  concurrent_change: 'conflict',

  // Who the caller is and what they may do
  not_authenticated: 'unauthenticated',
  session_not_found: 'unauthenticated',
  not_approved: 'forbidden',
  forbidden: 'forbidden',
  email_not_confirmed: 'forbidden',

  // Accounts. Credentials and single-use tokens answer 400 (not 401): a 401 means "your session is
  // gone" to the web client, which would try to refresh it.
  invalid_credentials: 'validation',
  invalid_refresh_token: 'validation',
  refresh_token_reused: 'validation',
  invalid_token: 'validation',
  token_expired: 'validation',
  // A verification link opened again (or first by a mail app's scanner): the address is verified.
  email_already_verified: 'conflict',
  weak_password: 'unprocessable',
  cannot_change_self: 'unprocessable',
  last_super_admin: 'conflict',
  // Rejecting a sign-up (DELETE /api/admin/users/:id) is for accounts still waiting for approval.
  account_not_pending: 'conflict',
  // The business-identity work (decisions 017–019): a customer's own account (PATCH /api/me, POST /api/me/password, sign-up)
  cuit_taken: 'conflict',
  wrong_current_password: 'validation',

  // Products
  product_name_taken: 'conflict',
  invalid_product: 'validation',
  image_required: 'validation',
  image_too_large: 'too_large',
  not_multipart: 'unsupported_media_type',
  unsupported_image: 'unsupported_media_type',
  // A product's gallery (the wholesale-ordering work, decision 020)
  too_many_images: 'conflict',
  image_order_mismatch: 'validation',
  image_not_found: 'not_found',

  // Prices: bulk repricing, spreadsheets, undo (the repricing work, decision 015)
  reprice_invalid: 'unprocessable',
  price_change_not_found: 'not_found',
  price_change_already_undone: 'conflict',
  import_invalid: 'validation',
  import_file_required: 'validation',
  import_file_too_large: 'too_large',
  import_unsupported_file: 'unsupported_media_type',
  import_busy: 'conflict',
  // Uploaded spreadsheets read under limits (decision 030): sizes answer 413, counts 400
  file_unpacked_too_large: 'too_large',
  file_cell_too_long: 'too_large',
  file_too_slow: 'too_large',
  file_too_much_memory: 'too_large',
  file_damaged: 'validation',
  file_too_many_columns: 'validation',
  file_too_many_rows: 'validation',
  file_reader_busy: 'conflict',
  // Price lists per customer (the business-identity work, decision 018)
  price_list_not_found: 'not_found',
  price_list_name_taken: 'conflict',
  price_list_in_use: 'conflict',
  price_list_unknown_product: 'unprocessable',

  // The warehouse's stock count (decision 069): every product of the count exists and counts its stock, or nothing changes
  stock_count_unknown_product: 'unprocessable',
  stock_count_unlimited_product: 'unprocessable',
  stock_count_below_reserved: 'unprocessable',

  // Cart and orders
  empty_cart: 'validation',
  duplicate_product: 'validation',
  product_unavailable: 'conflict',
  insufficient_stock: 'conflict',
  insufficient_points: 'conflict',
  order_not_found: 'not_found',
  invalid_status_transition: 'conflict',
  // The wholesale-ordering work (decision 016): a product's quantity rules (minimum, pack, maximum) and the business's minimum order
  quantity_rule_violated: 'unprocessable',
  below_minimum_order: 'unprocessable',
  // An order sent with the total the person saw (a queued order): the server's total is another.
  order_total_changed: 'conflict',
  list_not_found: 'not_found',
  // The order-life work (decision 014): order edits, cancellations and the e-mail outbox
  order_not_editable: 'conflict',
  order_not_cancellable: 'conflict',
  order_edit_conflict: 'conflict',
  email_not_found: 'not_found',

  // The cuenta corriente (decisions 037–039)
  customer_not_found: 'not_found',
  receipt_not_found: 'not_found',
  payment_not_found: 'not_found',
  payment_already_reversed: 'conflict',
  payment_key_reused: 'unprocessable',
  payment_invalid: 'validation',
  applies_to_unknown: 'unprocessable',
  credit_note_invalid: 'unprocessable',
  order_not_on_hold: 'conflict',
  credit_refused: 'unprocessable',
  statement_range_invalid: 'validation',

  // Repartos (decision 049)
  zone_not_found: 'not_found',
  zone_name_taken: 'conflict',
  zone_in_use: 'conflict',
  zone_invalid: 'unprocessable',
  delivery_date_invalid: 'unprocessable',
  no_delivery_date: 'unprocessable',
  customer_without_zone: 'unprocessable',
  order_not_plannable: 'conflict',
  stops_mismatch: 'unprocessable',
  not_your_stop: 'forbidden',
  order_not_deliverable: 'conflict',
  delivered_quantity_invalid: 'unprocessable',

  // Abuse limits and separation of duties (the abuse-limits work, decision 010)
  bad_url: 'validation',
  uri_too_long: 'uri_too_long',
  account_locked: 'rate_limited',
  own_account_forbidden: 'forbidden',
  idempotency_key_reused: 'unprocessable',

  // Staff, sales reps and the audit log (decisions 046–048)
  last_owner: 'conflict',
  email_taken: 'conflict',
  not_your_customer: 'forbidden',
  not_a_rep: 'unprocessable',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

export function errorKindOf(code: ErrorCode): ErrorKind {
  return ERROR_CODES[code];
}

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_KIND_STATUS[ERROR_CODES[code]];
}
