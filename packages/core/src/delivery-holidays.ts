/**
 * Argentina's national holidays (feriados nacionales) and the national días no laborables con fines
 * turísticos, preloaded as the non-delivery dates of a new installation (decision 050). The admin
 * edits the list afterwards (a provincial holiday, Jueves Santo, a day the business closes).
 *
 * Sources: Ley 27.399 (inamovibles, trasladables and the rule that moves them) and, for 2026, the
 * official calendar published by the Jefatura de Gabinete (argentina.gob.ar/interior/feriados):
 * Resolución JGM 164/2025 under Decreto 614/2025 fixed the three tourist days (23/3, 10/7, 7/12).
 * 2027's movable dates are Ley 27.399 art. 6's rule applied (Tuesday/Wednesday → the Monday before,
 * Thursday/Friday → the Monday after); 2027's tourist days had not been published when this list
 * was written and are not in it.
 */
export type HolidayKind = 'inamovible' | 'trasladable' | 'no_laborable';

export interface NationalHoliday {
  date: string;
  name: string;
  kind: HolidayKind;
}

export const ARGENTINA_HOLIDAYS_SOURCE =
  'Ley 27.399; calendario oficial de feriados 2026 (Jefatura de Gabinete, Resolución 164/2025, Decreto 614/2025); 2027 trasladables según el art. 6 de la Ley 27.399';

export const ARGENTINA_NATIONAL_HOLIDAYS: readonly NationalHoliday[] = [
  { date: '2026-01-01', name: 'Año Nuevo', kind: 'inamovible' },
  { date: '2026-02-16', name: 'Carnaval', kind: 'inamovible' },
  { date: '2026-02-17', name: 'Carnaval', kind: 'inamovible' },
  { date: '2026-03-23', name: 'Día no laborable con fines turísticos', kind: 'no_laborable' },
  { date: '2026-03-24', name: 'Día Nacional de la Memoria por la Verdad y la Justicia', kind: 'inamovible' },
  { date: '2026-04-02', name: 'Día del Veterano y de los Caídos en la Guerra de Malvinas', kind: 'inamovible' },
  { date: '2026-04-03', name: 'Viernes Santo', kind: 'inamovible' },
  { date: '2026-05-01', name: 'Día del Trabajador', kind: 'inamovible' },
  { date: '2026-05-25', name: 'Día de la Revolución de Mayo', kind: 'inamovible' },
  { date: '2026-06-15', name: 'Paso a la Inmortalidad del Gral. Martín Miguel de Güemes (del 17/6)', kind: 'trasladable' },
  { date: '2026-06-20', name: 'Paso a la Inmortalidad del Gral. Manuel Belgrano', kind: 'inamovible' },
  { date: '2026-07-09', name: 'Día de la Independencia', kind: 'inamovible' },
  { date: '2026-07-10', name: 'Día no laborable con fines turísticos', kind: 'no_laborable' },
  { date: '2026-08-17', name: 'Paso a la Inmortalidad del Gral. José de San Martín', kind: 'trasladable' },
  { date: '2026-10-12', name: 'Día del Respeto a la Diversidad Cultural', kind: 'trasladable' },
  { date: '2026-11-23', name: 'Día de la Soberanía Nacional (del 20/11)', kind: 'trasladable' },
  { date: '2026-12-07', name: 'Día no laborable con fines turísticos', kind: 'no_laborable' },
  { date: '2026-12-08', name: 'Inmaculada Concepción de María', kind: 'inamovible' },
  { date: '2026-12-25', name: 'Navidad', kind: 'inamovible' },
  { date: '2027-01-01', name: 'Año Nuevo', kind: 'inamovible' },
  { date: '2027-02-08', name: 'Carnaval', kind: 'inamovible' },
  { date: '2027-02-09', name: 'Carnaval', kind: 'inamovible' },
  { date: '2027-03-24', name: 'Día Nacional de la Memoria por la Verdad y la Justicia', kind: 'inamovible' },
  { date: '2027-03-26', name: 'Viernes Santo', kind: 'inamovible' },
  { date: '2027-04-02', name: 'Día del Veterano y de los Caídos en la Guerra de Malvinas', kind: 'inamovible' },
  { date: '2027-05-01', name: 'Día del Trabajador', kind: 'inamovible' },
  { date: '2027-05-25', name: 'Día de la Revolución de Mayo', kind: 'inamovible' },
  { date: '2027-06-20', name: 'Paso a la Inmortalidad del Gral. Manuel Belgrano', kind: 'inamovible' },
  { date: '2027-06-21', name: 'Paso a la Inmortalidad del Gral. Martín Miguel de Güemes (del 17/6)', kind: 'trasladable' },
  { date: '2027-07-09', name: 'Día de la Independencia', kind: 'inamovible' },
  { date: '2027-08-16', name: 'Paso a la Inmortalidad del Gral. José de San Martín (del 17/8)', kind: 'trasladable' },
  { date: '2027-10-11', name: 'Día del Respeto a la Diversidad Cultural (del 12/10)', kind: 'trasladable' },
  { date: '2027-11-20', name: 'Día de la Soberanía Nacional', kind: 'trasladable' },
  { date: '2027-12-08', name: 'Inmaculada Concepción de María', kind: 'inamovible' },
  { date: '2027-12-25', name: 'Navidad', kind: 'inamovible' },
];
