/**
 * Separation of duties (the abuse-limits work, decision 010): staff never approve their own benefit. A plain admin
 * may not change their own points balance nor move their own orders (credit points, redeem them,
 * mark the redemption delivered); another admin must. A super admin answers to nobody inside the
 * product, so their own changes are allowed and recorded like anyone's (points adjustments keep
 * the acting admin's id).
 */
export function mayActOnOwnAccount(actor: { is_super_admin: boolean }): boolean {
  return actor.is_super_admin;
}

/** Whether `actor` may change something that belongs to the account `ownerId`. */
export function mayActOnAccount(actor: { id: string; is_super_admin: boolean }, ownerId: string): boolean {
  return actor.id !== ownerId || mayActOnOwnAccount(actor);
}
