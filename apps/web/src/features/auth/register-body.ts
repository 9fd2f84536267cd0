/** What the sign-up form holds: every field as typed. */
export interface RegisterValues {
  nombre: string;
  apellido: string;
  dni: string;
  email: string;
  password: string;
  razon_social: string;
  cuit: string;
  iva_condition: string;
  whatsapp: string;
  address_street: string;
  address_city: string;
  address_province: string;
  address_postal_code: string;
  delivery_notes: string;
}

/**
 * The body POST /api/auth/signup receives from the sign-up form: the values as typed, never what
 * the schema made of them (docs/decisions/028). The form checks this same body with core's
 * `signUpSchema` to show each field's message, and the server reads it with that schema again.
 * An empty optional field goes as "" and is stored as empty.
 */
export function toRegisterBody(values: RegisterValues) {
  const { email, password, nombre, apellido, dni, ...business } = values;
  return { email, password, data: { nombre, apellido, dni, ...business } };
}
