/** The PostgreSQL NOTIFY channels the processes share: the writers NOTIFY, realtime LISTENs. */
export const ORDERS_NOTIFY_CHANNEL = 'orders_insert';
/** NOTIFY'd by the accounts module with the user id whenever sessions are signed out or revoked. */
export const SESSIONS_REVOKED_CHANNEL = 'sessions_revoked';
