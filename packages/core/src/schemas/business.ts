import { z } from 'zod';
import '../zod-locale';
import {
  BUSINESS_LIMITS,
  cuitProblem,
  IVA_CONDITIONS,
  ISSUER_IVA_CONDITIONS,
  normalizeArPhone,
  normalizeCuit,
  normalizePostalCode,
  POSTAL_CODE_PATTERN,
  PROVINCE_CODES,
} from '../business';
import { business as texts } from '../messages/business';
import { isEmpty, optionalText, requiredText } from './text';

/**
 * The business profile fields (the business-identity work, docs/decisions/017) as the API and the forms take them.
 * Each field normalises what a person types to what is stored: the CUIT to 11 digits, the phone to
 * 549 + area + number, the postal code upper-case. The rules themselves live in `business.ts`.
 */

export const razonSocialSchema = requiredText({
  ...BUSINESS_LIMITS.razonSocial,
  required: texts.razonSocialRequired,
  tooLong: texts.razonSocialTooLong,
  invalid: texts.razonSocialInvalid,
});

export const cuitSchema = z
  .string({ message: texts.cuitFormat })
  .max(40, { message: texts.cuitFormat })
  .transform(normalizeCuit)
  .superRefine((value, ctx) => {
    const problem = cuitProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'format' ? texts.cuitFormat : texts.cuitCheckDigit });
  });

export const ivaConditionSchema = z.enum(IVA_CONDITIONS, { message: texts.ivaConditionInvalid });

/** A field left empty (text.ts's `isEmpty`, the rule of every optional text) read as null. */
const emptyAsNull = (value: unknown) => (isEmpty(value) ? null : value);

/** A CUIT that may be left empty (null); given, the same rule and Spanish messages as the sign-up's. */
export const optionalCuitSchema = z.preprocess(emptyAsNull, cuitSchema.nullable());

/** The business's own condition frente al IVA (decision 082), or null when not set. */
export const issuerIvaConditionSchema = z.preprocess(emptyAsNull, z.enum(ISSUER_IVA_CONDITIONS, { message: texts.ivaConditionInvalid }).nullable());

export const whatsappSchema = z
  .string({ message: texts.whatsappInvalid })
  .max(40, { message: texts.whatsappInvalid })
  .transform((value, ctx) => {
    const normalized = normalizeArPhone(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: texts.whatsappInvalid });
      return z.NEVER;
    }
    return normalized;
  });

export const addressStreetSchema = requiredText({ ...BUSINESS_LIMITS.street, required: texts.streetRequired, tooLong: texts.streetTooLong, invalid: texts.streetInvalid });
export const addressCitySchema = requiredText({ ...BUSINESS_LIMITS.city, required: texts.cityRequired, tooLong: texts.cityTooLong, invalid: texts.cityInvalid });
export const provinceSchema = z.enum(PROVINCE_CODES, { message: texts.provinceInvalid });

export const postalCodeSchema = z
  .string({ message: texts.postalCodeInvalid })
  .max(20, { message: texts.postalCodeInvalid })
  .transform(normalizePostalCode)
  .pipe(z.string().regex(POSTAL_CODE_PATTERN, { message: texts.postalCodeInvalid }));

/**
 * Free text for the driver ("timbre 2B, de 8 a 13"), one line. Optional: absent, empty, null or
 * blank are all accepted and stored as null (core/schemas/text.ts).
 */
export const deliveryNotesSchema = optionalText({
  max: BUSINESS_LIMITS.deliveryNotes.max,
  tooLong: texts.deliveryNotesTooLong,
  invalid: texts.deliveryNotesInvalid,
});

/** Private notes the admins keep about a customer, several lines; never sent to the customer. Empty clears them. */
export const adminNotesSchema = optionalText({
  max: BUSINESS_LIMITS.adminNotes.max,
  tooLong: texts.adminNotesTooLong,
  invalid: texts.adminNotesInvalid,
  multiline: true,
});

/** Every business field, all required (delivery notes may be empty). */
export const businessProfileSchema = z.object({
  razon_social: razonSocialSchema,
  cuit: cuitSchema,
  iva_condition: ivaConditionSchema,
  whatsapp: whatsappSchema,
  address_street: addressStreetSchema,
  address_city: addressCitySchema,
  address_province: provinceSchema,
  address_postal_code: postalCodeSchema,
  delivery_notes: deliveryNotesSchema.optional(),
});
export type BusinessProfileInput = z.input<typeof businessProfileSchema>;
export type BusinessProfileFields = z.output<typeof businessProfileSchema>;

/** The keys a customer may write about themself (PATCH /api/me); anything else is ignored. */
export const BUSINESS_PROFILE_KEYS = Object.keys(businessProfileSchema.shape) as (keyof BusinessProfileFields)[];

/** The stored business data as the API answers it: null where an older account has not filled it in. */
export const businessProfileViewSchema = z.object({
  razon_social: z.string().nullable(),
  cuit: z.string().nullable(),
  iva_condition: z.enum(IVA_CONDITIONS).nullable(),
  whatsapp: z.string().nullable(),
  address_street: z.string().nullable(),
  address_city: z.string().nullable(),
  address_province: z.string().nullable(),
  address_postal_code: z.string().nullable(),
  delivery_notes: z.string().nullable(),
});
export type BusinessProfileView = z.infer<typeof businessProfileViewSchema>;
