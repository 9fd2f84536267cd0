/**
 * A customer as a business (the business-identity work, docs/decisions/017): CUIT, condición frente al IVA, the 24
 * jurisdictions and WhatsApp phone numbers. Pure functions and constants, no zod: the schemas in
 * `schemas/business.ts`, the server's SQL CHECKs (migration 0010) and the web forms all use these,
 * so a rule is written once.
 */

// ── CUIT ──

/** A CUIT/CUIL is 11 digits: 2 of type, 8 of number, 1 check digit. */
export const CUIT_LENGTH = 11;
/** The official weights of the mod-11 check digit, applied to the first 10 digits. */
export const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * What a person types, reduced to what is stored: "30-71234567-1", "30 71234567 1" and
 * "30.71234567.1" all become "30712345671". Anything else (letters, other symbols) is kept, so the
 * result fails `cuitProblem` instead of turning "3O-…" into a different valid number.
 */
export function normalizeCuit(input: string): string {
  return input.trim().replace(/[\s.\-‐-―]/g, '');
}

/**
 * The check digit of the first 10 digits: 11 − (Σ digit × weight mod 11); a result of 11 is 0 and
 * a result of 10 means no valid CUIT starts with those 10 digits (null).
 */
export function cuitCheckDigit(first10: string): number | null {
  if (!/^\d{10}$/.test(first10)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * CUIT_WEIGHTS[i]!;
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return null;
  return digit;
}

/** Why a CUIT is refused: not 11 digits (`format`) or a check digit that does not match (`check_digit`). */
export type CuitProblem = 'format' | 'check_digit';

export function cuitProblem(input: string): CuitProblem | null {
  const digits = normalizeCuit(input);
  if (!/^\d{11}$/.test(digits)) return 'format';
  const expected = cuitCheckDigit(digits.slice(0, 10));
  return expected !== null && expected === Number(digits[10]) ? null : 'check_digit';
}

export function isValidCuit(input: string): boolean {
  return cuitProblem(input) === null;
}

/** "30712345671" → "30-71234567-1"; anything that is not 11 digits comes back as it was. */
export function formatCuit(input: string): string {
  const digits = normalizeCuit(input);
  if (!/^\d{11}$/.test(digits)) return input;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/**
 * A search box: "30-7123" or "30 71234567 1" look for CUIT digits, so the separators go; any
 * other text is searched as typed.
 */
export function cuitSearchTerm(search: string): string {
  const trimmed = search.trim();
  return /^[\d\s.-]+$/.test(trimmed) && /\d/.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed;
}

// ── Condición frente al IVA ──

export const IVA_CONDITIONS = ['responsable_inscripto', 'monotributista', 'exento', 'consumidor_final'] as const;
export type IvaCondition = (typeof IVA_CONDITIONS)[number];

export const IVA_CONDITION_LABELS: Readonly<Record<IvaCondition, string>> = {
  responsable_inscripto: 'Responsable Inscripto',
  monotributista: 'Monotributista',
  exento: 'Exento',
  consumidor_final: 'Consumidor Final',
};

export function isIvaCondition(value: unknown): value is IvaCondition {
  return typeof value === 'string' && (IVA_CONDITIONS as readonly string[]).includes(value);
}

/**
 * The conditions a business that issues receipts can have (decision 082): a Consumidor Final buys,
 * it does not sell, so the business's own condition is one of the other three.
 */
export const ISSUER_IVA_CONDITIONS = ['responsable_inscripto', 'monotributista', 'exento'] as const satisfies readonly IvaCondition[];
export type IssuerIvaCondition = (typeof ISSUER_IVA_CONDITIONS)[number];

// ── Jurisdicciones: 23 provincias y la Ciudad Autónoma de Buenos Aires ──

/** ISO 3166-2:AR codes, alphabetical by name. The code is what the API and the database store. */
export const PROVINCES = [
  { code: 'AR-B', label: 'Buenos Aires' },
  { code: 'AR-K', label: 'Catamarca' },
  { code: 'AR-H', label: 'Chaco' },
  { code: 'AR-U', label: 'Chubut' },
  { code: 'AR-C', label: 'Ciudad Autónoma de Buenos Aires' },
  { code: 'AR-X', label: 'Córdoba' },
  { code: 'AR-W', label: 'Corrientes' },
  { code: 'AR-E', label: 'Entre Ríos' },
  { code: 'AR-P', label: 'Formosa' },
  { code: 'AR-Y', label: 'Jujuy' },
  { code: 'AR-L', label: 'La Pampa' },
  { code: 'AR-F', label: 'La Rioja' },
  { code: 'AR-M', label: 'Mendoza' },
  { code: 'AR-N', label: 'Misiones' },
  { code: 'AR-Q', label: 'Neuquén' },
  { code: 'AR-R', label: 'Río Negro' },
  { code: 'AR-A', label: 'Salta' },
  { code: 'AR-J', label: 'San Juan' },
  { code: 'AR-D', label: 'San Luis' },
  { code: 'AR-Z', label: 'Santa Cruz' },
  { code: 'AR-S', label: 'Santa Fe' },
  { code: 'AR-G', label: 'Santiago del Estero' },
  { code: 'AR-V', label: 'Tierra del Fuego, Antártida e Islas del Atlántico Sur' },
  { code: 'AR-T', label: 'Tucumán' },
] as const;
export type ProvinceCode = (typeof PROVINCES)[number]['code'];
export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as unknown as readonly [ProvinceCode, ...ProvinceCode[]];

export function isProvinceCode(value: unknown): value is ProvinceCode {
  return typeof value === 'string' && (PROVINCE_CODES as readonly string[]).includes(value);
}

export function provinceLabel(code: string): string {
  return PROVINCES.find((p) => p.code === code)?.label ?? code;
}

// ── Teléfono (WhatsApp) ──

/**
 * An Argentine mobile number as WhatsApp and wa.me want it: 54 (country) + 9 (mobile) + the
 * 10-digit national number (area code without the trunk 0, subscriber number without the 15).
 * Area codes are 2 (only 11), 3 or 4 digits and start with 1, 2 or 3.
 */
export const WHATSAPP_PATTERN = /^549[1-3]\d{9}$/;

/**
 * Normalises what a person types to international digits, or null when it is not an Argentine
 * number: "011 15-1234-5678", "+54 9 11 1234-5678", "11 1234 5678", "0351 15 123 4567" and
 * "5491112345678" all become 549 + area + number.
 */
export function normalizeArPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international || (digits.startsWith('54') && digits.length >= 12)) {
    // Any other country code is not an Argentine number.
    if (!digits.startsWith('54')) return null;
    digits = digits.slice(2);
    if (digits.startsWith('9')) digits = digits.slice(1);
  }
  // The trunk prefix of national dialling: 011, 0351…
  if (digits.startsWith('0')) digits = digits.slice(1);
  const national = digits.length === 12 ? withoutMobilePrefix(digits) : digits;
  if (national === null || !/^[1-3]\d{9}$/.test(national)) return null;
  // 11 is the only area code that starts with 1 (Buenos Aires and its surroundings).
  if (national.startsWith('1') && !national.startsWith('11')) return null;
  return `549${national}`;
}

/**
 * Removes the "15" dialled between the area code and a mobile number. The area code is 11 when the
 * number starts with 1, otherwise 3 or 4 digits; both cannot be followed by "15" at once, because
 * "15" after a 3-digit code puts a 5 where the 4-digit reading would need a 1.
 */
function withoutMobilePrefix(digits: string): string | null {
  const areaLengths = digits.startsWith('1') ? [2] : [3, 4];
  for (const len of areaLengths) {
    if (digits.slice(len, len + 2) === '15') return digits.slice(0, len) + digits.slice(len + 2);
  }
  return null;
}

export function isArPhone(input: string): boolean {
  return normalizeArPhone(input) !== null;
}

/** "5491112345678" → "+54 9 11 1234-5678"; other area codes keep their digits together before the last four. */
export function formatArPhone(digits: string): string {
  if (!WHATSAPP_PATTERN.test(digits)) return digits;
  const national = digits.slice(3);
  if (national.startsWith('11')) return `+54 9 11 ${national.slice(2, 6)}-${national.slice(6)}`;
  return `+54 9 ${national.slice(0, 6)}-${national.slice(6)}`;
}

// ── Dirección de entrega ──

/** Código postal: the old 4 digits ("1425") or the CPA ("C1425DKF"). Stored upper-case without spaces. */
export const POSTAL_CODE_PATTERN = /^(\d{4}|[A-Z]\d{4}[A-Z]{3})$/;

export function normalizePostalCode(input: string): string {
  return input.trim().replace(/\s+/g, '').toUpperCase();
}

export function isPostalCode(input: string): boolean {
  return POSTAL_CODE_PATTERN.test(normalizePostalCode(input));
}

// ── The business profile as a whole ──

/** Lengths shared by the schemas and the database CHECKs. */
export const BUSINESS_LIMITS = {
  razonSocial: { min: 2, max: 120 },
  street: { min: 3, max: 120 },
  city: { min: 2, max: 80 },
  deliveryNotes: { max: 500 },
  adminNotes: { max: 4000 },
  /** The business's own domicilio as its documents print it (decision 082): one line. */
  issuerAddress: { max: 200 },
} as const;

/** The fields a customer must have to buy as a business; accounts from before the business-identity work (decisions 017–019) may miss them. */
export const REQUIRED_BUSINESS_FIELDS = [
  'razon_social',
  'cuit',
  'iva_condition',
  'whatsapp',
  'address_street',
  'address_city',
  'address_province',
  'address_postal_code',
] as const;
export type RequiredBusinessField = (typeof REQUIRED_BUSINESS_FIELDS)[number];

/** Which required business fields a profile still lacks (empty when complete). */
export function missingBusinessFields(profile: Partial<Record<RequiredBusinessField, string | null | undefined>>): RequiredBusinessField[] {
  return REQUIRED_BUSINESS_FIELDS.filter((field) => {
    const value = profile[field];
    return value === null || value === undefined || value.trim() === '';
  });
}
