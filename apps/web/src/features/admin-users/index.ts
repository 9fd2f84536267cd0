/** The admin "Usuarios" tab is loaded lazily by /admin (default export of admin-users-tab.tsx). */
export type { AdminUser } from './api/admin-users-api';
