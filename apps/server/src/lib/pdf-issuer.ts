import { formatCuit, IVA_CONDITION_LABELS } from '@mayorista/core/business';
import { settings as texts } from '@mayorista/core/messages/settings';
import type { BusinessIdentity } from '@mayorista/core/schemas/settings';
import { printable } from './pdf-document';

/**
 * The lines that say who issues a document (decision 082), in the order they print: the razón
 * social; the CUIT and the condición frente al IVA on one line; the domicilio. Only what is set.
 */
export function issuerLines(identity: BusinessIdentity | null | undefined): string[] {
  if (!identity) return [];
  const taxLine = [
    identity.business_cuit ? texts.issuerCuit(formatCuit(identity.business_cuit)) : null,
    identity.business_iva_condition ? texts.issuerIva(IVA_CONDITION_LABELS[identity.business_iva_condition]) : null,
  ].filter((part) => part !== null);
  return [
    ...(identity.business_razon_social ? [identity.business_razon_social] : []),
    ...(taxLine.length > 0 ? [taxLine.join(' · ')] : []),
    ...(identity.business_address ? [texts.issuerAddress(identity.business_address)] : []),
  ];
}

/**
 * The issuer block under the catalogue's name at the head of the receipt, the statement and the
 * order PDF: small, one line each, wrapped within the margins. With nothing set it draws nothing
 * and leaves the page exactly as it was. The caller sets the font of what follows.
 */
export function drawIssuerBlock(doc: PDFKit.PDFDocument, identity: BusinessIdentity | null | undefined): void {
  const lines = issuerLines(identity);
  if (lines.length === 0) return;
  doc.moveDown(0.2).font('Helvetica').fontSize(9).fillColor('#334155');
  for (const line of lines) doc.text(printable(line));
  doc.fillColor('black');
}
