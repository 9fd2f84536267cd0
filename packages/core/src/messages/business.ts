/** Issue 16: a customer's business identity and delivery data (sign-up, Mi cuenta, admin customer page). */
export const business = {
  razonSocialRequired: 'Ingresá la razón social o el nombre de fantasía (al menos 2 caracteres).',
  razonSocialTooLong: 'La razón social no puede superar 120 caracteres.',
  cuitFormat: 'El CUIT debe tener 11 dígitos, por ejemplo 30-71234567-1.',
  cuitCheckDigit: 'El CUIT no es válido: revisá el dígito verificador.',
  cuitTaken: 'Ese CUIT ya está registrado en otra cuenta.',
  ivaConditionInvalid: 'Elegí una condición frente al IVA de la lista.',
  whatsappInvalid: 'Ingresá un celular argentino con código de área, por ejemplo 11 1234-5678 o 0351 15 123-4567.',
  streetRequired: 'Ingresá la calle y el número (al menos 3 caracteres).',
  streetTooLong: 'La calle y el número no pueden superar 120 caracteres.',
  cityRequired: 'Ingresá la localidad.',
  cityTooLong: 'La localidad no puede superar 80 caracteres.',
  provinceInvalid: 'Elegí una provincia de la lista.',
  postalCodeInvalid: 'El código postal debe tener 4 dígitos (1425) o el formato CPA (C1425DKF).',
  deliveryNotesTooLong: 'Las indicaciones de entrega no pueden superar 500 caracteres.',
  adminNotesTooLong: 'Las notas internas no pueden superar 4000 caracteres.',
  nothingToChange: 'No hay datos para actualizar.',
} as const;
