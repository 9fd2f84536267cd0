import { formatArPhone, formatCuit, isIvaCondition, IVA_CONDITION_LABELS, provinceLabel } from './business';
import { business as texts } from './messages/business';

/**
 * The business data an order snapshots of its customer (the business-identity work, decisions 017–019), as stored in user_info.
 * Every key is optional: orders placed before the business-identity work (decisions 017–019), or by an account that had not completed
 * its data, lack some or all of them, and still render.
 */
export interface BusinessSnapshot {
  razon_social?: string | null;
  cuit?: string | null;
  iva_condition?: string | null;
  whatsapp?: string | null;
  address_street?: string | null;
  address_city?: string | null;
  address_province?: string | null;
  address_postal_code?: string | null;
  delivery_notes?: string | null;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** "Av. Colón 1234, Córdoba, Córdoba (CP X5000ABC)"; null when the snapshot has no address at all. */
export function formatDeliveryAddress(s: BusinessSnapshot): string | null {
  const parts = [s.address_street, s.address_city, present(s.address_province) ? provinceLabel(s.address_province) : null].filter(present);
  if (parts.length === 0 && !present(s.address_postal_code)) return null;
  const postal = present(s.address_postal_code) ? ` (${texts.postalCodeShort} ${s.address_postal_code})` : '';
  return `${parts.join(', ')}${postal}`.trim();
}

/**
 * The labelled lines every document shows of the customer's business: the admin order view, the
 * PDF and the WhatsApp message render this one list, so they cannot disagree. Missing data is
 * left out rather than shown empty.
 */
export function businessDetails(s: BusinessSnapshot): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (present(s.razon_social)) lines.push({ label: texts.razonSocialLabel, value: s.razon_social });
  if (present(s.cuit)) lines.push({ label: texts.cuitLabel, value: formatCuit(s.cuit) });
  if (present(s.iva_condition)) {
    lines.push({ label: texts.ivaConditionLabel, value: isIvaCondition(s.iva_condition) ? IVA_CONDITION_LABELS[s.iva_condition] : s.iva_condition });
  }
  if (present(s.whatsapp)) lines.push({ label: texts.whatsappLabel, value: formatArPhone(s.whatsapp) });
  const address = formatDeliveryAddress(s);
  if (address) lines.push({ label: texts.addressLabel, value: address });
  if (present(s.delivery_notes)) lines.push({ label: texts.deliveryNotesLabel, value: s.delivery_notes });
  return lines;
}
