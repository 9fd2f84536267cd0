import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from '@mayorista/core/money';
import { auditActionLabel, describeAuditEntity, describeAuditSummary, staffRoleLabel } from './audit-summary';

describe('describeAuditSummary', () => {
  it('one short Spanish line: labelled fields, money, yes/no, roles, short ids, unchanged fields left out', () => {
    expect(describeAuditSummary({ before: { status: 'Pendiente', total: 1_000 }, after: { status: 'Confirmado', total: 1_000 } })).toBe('Estado: Pendiente → Confirmado');
    expect(describeAuditSummary({ before: { approved: false }, after: { approved: true } })).toBe('Aprobada: No → Sí');
    expect(describeAuditSummary({ before: { role: 'warehouse' }, after: { role: 'driver' } })).toBe('Rol: Depósito → Repartidor');
    expect(describeAuditSummary({ after: { price: 112_000, rep_id: '2558a7e1-0000-4000-8000-000000000001' } })).toBe(
      `Precio: ${formatMoney(112_000)} · Vendedor: 2558a7e1`,
    );
    expect(describeAuditSummary({ before: { admin_notes: null }, after: { admin_notes: 'Recibe de 8 a 12.' } })).toBe('Notas: — → Recibe de 8 a 12.');
    expect(describeAuditSummary({ payment_id: 7, reason: 'Cheque rechazado' })).toBe('Cobro: 7 · Motivo: Cheque rechazado');
    expect(describeAuditSummary({ after: { method: 'cash' } })).toBe('Medio: Efectivo');
  });

  it('codes in the words of the screens: a held order released, the credit rule, an order by its number', () => {
    expect(describeAuditSummary({ before: { credit_hold: 'pending' }, after: { credit_hold: 'released' }, reason: null })).toBe(
      'Retención: Retenido por crédito → Liberado · Motivo: —',
    );
    expect(describeAuditSummary({ before: { credit_exceeded_action: 'refuse' }, after: { credit_exceeded_action: 'hold' } })).toBe(
      'Si supera el crédito: No se toma → Se retiene',
    );
    // Who issues the documents (decision 082): the IVA condition by its label, a cleared field as a dash.
    expect(describeAuditSummary({ before: { business_iva_condition: null }, after: { business_iva_condition: 'monotributista' } })).toBe(
      'Condición frente al IVA del negocio: — → Monotributista',
    );
    expect(describeAuditSummary({ order_id: 'd0d4c060-0000-4000-8000-000000000001', amount: 700_000 })).toBe(`Pedido: #d0d4c060 · Importe: ${formatMoney(700_000)}`);
  });

  it('keeps a phone row short: at most four fields, long lists cut, detail-only keys left to the raw log', () => {
    // Weekdays by name (decision 067; the log read 'Días: 1, 2, 3, 4, 5… (7)').
    const wide = { after: { name: 'Zona Norte', weekdays: [0, 1, 2, 3, 4, 5, 6], cutoff_days_before: 1, cutoff_time: '18:00', min_order: null } };
    expect(describeAuditSummary(wide)).toBe('Nombre: Zona Norte · Días: domingo, lunes, martes, miércoles, jueves… (7) · Cierre (días antes): 1 · Hora de cierre: 18:00 · …');
    const zone = { before: { reps: [{ rep_id: null, customers: 2 }] }, after: { rep_id: null, customers: 3 }, with_other_rep: 1, without_rep: 2 };
    expect(describeAuditSummary(zone)).toBe('Vendedor: — · Clientes: 3 · Tenían otro vendedor: 1 · Sin vendedor: 2');
    expect(describeAuditSummary({ before: { name: 'Yerba', price: 1_000 } })).toBe(`Nombre: Yerba → — · Precio: ${formatMoney(1_000)} → —`);
    expect(describeAuditSummary({})).toBe('');
  });

  it('what the tester read raw: Spanish labels, names for ids, dd/mm/aaaa, weekdays, reasons and receipt numbers (decision 067)', () => {
    const rep = 'd3b2f8ff-0000-4000-8000-000000000001';
    const driver = '89c276f8-0000-4000-8000-000000000002';
    const names = { [rep]: 'Juan Pérez', [driver]: 'Carlos Ruiz' };
    expect(describeAuditSummary({ before: { rep_id: null }, after: { rep_id: rep } }, names)).toBe('Vendedor: — → Juan Pérez');
    expect(describeAuditSummary({ before: { driver_id: null }, after: { driver_id: driver } }, names)).toBe('Repartidor: — → Carlos Ruiz');
    expect(describeAuditSummary({ after: { customers: [rep, driver] } }, names)).toBe('Clientes: Juan Pérez, Carlos Ruiz');
    expect(describeAuditSummary({ after: { weekdays: [4, 5] } })).toBe('Días: jueves, viernes');
    expect(describeAuditSummary({ after: { visit_days: [1, 7] } })).toBe('Días de visita: lunes, domingo');
    expect(describeAuditSummary({ before: { delivery_date: '2026-11-26' }, after: { delivery_date: '2026-11-27' } })).toBe('Entrega: 26/11/2026 → 27/11/2026');
    expect(describeAuditSummary({ reason: 'cerrado' })).toBe('Motivo: Cerrado');
    expect(describeAuditSummary({ after: { receipt_number: 2 } })).toBe('Recibo: 0001-00000002');
    expect(describeAuditSummary({ due_date: null, order_id: null, restocked_lines: 0 })).toBe('Vencimiento: — · Pedido: — · Renglones devueltos al stock: 0');
    expect(describeAuditSummary({ before: { min_order_amount: 0 }, after: { min_order_amount: 2_500_000 } })).toBe(`Pedido mínimo: ${formatMoney(0)} → ${formatMoney(2_500_000)}`);
  });

  it("names what a row changed: by name when the read gives it, an order by number, else the short id (the tester read 'Clientes e8ef57e5')", () => {
    const customer = 'e8ef57e5-0000-4000-8000-000000000003';
    expect(describeAuditEntity('customer', customer, { [customer]: 'Almacén La Esquina SRL' })).toBe('Cliente: Almacén La Esquina SRL');
    expect(describeAuditEntity('zone', '3', { '3': 'Zona Norte' })).toBe('Zona: Zona Norte');
    expect(describeAuditEntity('customer', customer)).toBe('Cliente e8ef57e5');
    expect(describeAuditEntity('order', 'ab12cd34-0000-4000-8000-000000000004')).toBe('Pedido #ab12cd34');
    expect(describeAuditEntity('payment', '7')).toBe('Cobro 7');
    expect(describeAuditEntity('settings', 'app')).toBe('Ajustes');
  });

  it('names actions and roles, and falls back to the raw id for one it does not know', () => {
    expect(auditActionLabel('price_change.reprice')).toBe('Cambió precios en bloque');
    expect(auditActionLabel('algo.nuevo')).toBe('algo.nuevo');
    expect(staffRoleLabel('sales')).toBe('Vendedor');
    expect(staffRoleLabel(null)).toBe('');
  });
});

describe('a moment in a summary', () => {
  it('reads like the row\'s own time (an undone confirmation says when it had been confirmed)', () => {
    const at = '2026-11-26T21:10:00Z';
    expect(describeAuditSummary({ before: { handed_in: true, confirmed_at: at }, after: { handed_in: false } })).toBe(
      `Rendido: Sí → No · Confirmado el: ${formatDateTime(at)} → —`,
    );
  });
});
