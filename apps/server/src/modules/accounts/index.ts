// The accounts module's public surface: the profiles and sessions tables, sign-up, sign-in and
// recovery, and the admin's view of customers. Work that also touches points or price lists is in
// src/flows.
export { createAccountsService, type AccountsService } from './accounts.service';
export { accountNotFound, createAdminUsersService, type AdminUsersService } from './admin-users.service';
export { findAdminUser } from './admin-users.repository';
export { addressKey, CuitConflictLimiter, sameCuit } from './cuit-conflicts';
export type { ClientInfo } from './sessions';
