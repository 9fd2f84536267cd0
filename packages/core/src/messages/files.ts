/**
 * Uploaded spreadsheets read under limits (decision 030): each refusal names the limit it hit and
 * says what to do, so an admin whose honest file is refused knows how to fix it.
 */
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('es-AR')} MB`;
const count = (n: number) => n.toLocaleString('es-AR');

export const files = {
  partTooLarge: (part: string, bytes: number) =>
    `Una parte del archivo (${part}) ocupa más de ${mb(bytes)} descomprimida. Dividí la planilla en partes.`,
  workbookTooLarge: (bytes: number) => `La planilla ocupa más de ${mb(bytes)} descomprimida. Dividila en partes.`,
  partLies: (part: string) =>
    `Una parte del archivo (${part}) se descomprime en más de lo que declara: el archivo está dañado. Guardalo de nuevo desde Excel.`,
  damaged: 'El archivo está dañado (una celda apunta a un texto que no existe). Guardalo de nuevo desde Excel.',
  tooManyParts: (max: number) => `El archivo tiene más de ${count(max)} partes internas: no es una planilla de catálogo.`,
  cellTooLong: (where: string, max: number) =>
    `La celda ${where} tiene más de ${count(max)} caracteres (el máximo de Excel). Acortala y volvé a subir el archivo.`,
  sharedTextTooLong: (max: number) =>
    `Un texto de la planilla tiene más de ${count(max)} caracteres (el máximo de Excel). Acortalo y volvé a subir el archivo.`,
  sharedTextsTooLarge: (chars: number) =>
    `Los textos de la planilla suman más de ${count(chars)} caracteres. Dividila en partes.`,
  tooManyColumns: (max: number) =>
    `La planilla tiene datos más allá de la columna ${count(max)}. Borrá las columnas de más (solo se leen las primeras ${count(max)}).`,
  /** `withEmpty`: some of the rows read were empty (Excel keeps formatted rows), which count too. */
  tooManyRows: (max: number, withEmpty: boolean) =>
    withEmpty
      ? `El archivo tiene más de ${count(max)} filas, contando las vacías. Borrá las filas vacías o formateadas del final, o dividilo en partes.`
      : `El archivo tiene más de ${count(max)} filas. Dividilo en partes.`,
  tooSlow: (seconds: number) => `Procesar el archivo llevó más de ${count(seconds)} segundos y se canceló sin cambiar nada. Dividilo en partes.`,
  tooMuchMemory: (bytes: number) => `Procesar el archivo necesitó más de ${mb(bytes)} de memoria y se canceló sin cambiar nada. Dividilo en partes.`,
  busy: 'Ya se están leyendo otros archivos. Esperá un momento y probá de nuevo.',
} as const;
