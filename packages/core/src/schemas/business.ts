import { z } from 'zod';
import '../zod-locale';
import {
  BUSINESS_LIMITS,
  cuitProblem,
  IVA_CONDITIONS,
  normalizeArPhone,
  normalizeCuit,
  normalizePostalCode,
  POSTAL_CODE_PATTERN,
  PROVINCE_CODES,
} from '../business';
import { business as texts } from '../messages/business';

/**
 * The business profile fields (issue 16, docs/decisions/017) as the API and the forms take them.
 * Each field normalises what a person types to what is stored: the CUIT to 11 digits, the phone to
 * 549 + area + number, the postal code upper-case. The rules themselves live in `business.ts`.
 */

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ message: tooShort }).trim().min(min, { message: tooShort }).max(max, { message: tooLong });

export const razonSocialSchema = text(BUSINESS_LIMITS.razonSocial.min, BUSINESS_LIMITS.razonSocial.max, texts.razonSocialRequired, texts.razonSocialTooLong);

export const cuitSchema = z
  .string({ message: texts.cuitFormat })
  .max(40, { message: texts.cuitFormat })
  .transform(normalizeCuit)
  .superRefine((value, ctx) => {
    const problem = cuitProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'format' ? texts.cuitFormat : texts.cuitCheckDigit });
  });

export const ivaConditionSchema = z.enum(IVA_CONDITIONS, { message: texts.ivaConditionInvalid });

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

export const addressStreetSchema = text(BUSINESS_LIMITS.street.min, BUSINESS_LIMITS.street.max, texts.streetRequired, texts.streetTooLong);
export const addressCitySchema = text(BUSINESS_LIMITS.city.min, BUSINESS_LIMITS.city.max, texts.cityRequired, texts.cityTooLong);
export const provinceSchema = z.enum(PROVINCE_CODES, { message: texts.provinceInvalid });

export const postalCodeSchema = z
  .string({ message: texts.postalCodeInvalid })
  .max(20, { message: texts.postalCodeInvalid })
  .transform(normalizePostalCode)
  .pipe(z.string().regex(POSTAL_CODE_PATTERN, { message: texts.postalCodeInvalid }));

/** Free text for the driver ("timbre 2B, de 8 a 13"); empty is fine and stored as null. */
export const deliveryNotesSchema = z
  .string({ message: texts.deliveryNotesTooLong })
  .trim()
  .max(BUSINESS_LIMITS.deliveryNotes.max, { message: texts.deliveryNotesTooLong })
  .transform((v) => (v === '' ? null : v));

/** Private notes the admins keep about a customer; never sent to the customer. */
export const adminNotesSchema = z
  .string({ message: texts.adminNotesTooLong })
  .trim()
  .max(BUSINESS_LIMITS.adminNotes.max, { message: texts.adminNotesTooLong })
  .transform((v) => (v === '' ? null : v));

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
