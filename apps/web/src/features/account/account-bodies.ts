import type { BusinessValues } from '../../components/business-values';

/**
 * The bodies Mi cuenta sends, as pure functions: the browser runs them and the server's contract
 * tests send their output through the real routes (docs/decisions/028). Values go as typed; the
 * server normalises them with core's schemas, and an emptied optional field goes as "".
 */

/** PATCH /api/me from the business and delivery form: every field, privileged ones never. */
export function toUpdateMeBody(values: BusinessValues): BusinessValues {
  return { ...values };
}

export interface PasswordValues {
  current: string;
  next: string;
}

/** POST /api/me/password. Passwords are sent exactly as typed (spaces count). */
export function toChangePasswordBody(values: PasswordValues) {
  return { current_password: values.current, new_password: values.next };
}
