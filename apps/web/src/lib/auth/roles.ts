/** The role rules live once in core (zod-free, so the first download stays small). */
export { isStaff as isAdmin } from '@mayorista/core/roles';
