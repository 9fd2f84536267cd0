import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';
import type NodemailerModule from 'nodemailer';
import type PDFDocumentClass from 'pdfkit';
import type SharpFunction from 'sharp';

/**
 * Libraries only some answers need: spreadsheets (exceljs), PDFs (pdfkit), product images (sharp)
 * and e-mail (nodemailer). Loaded at start-up they cost the server about a third of its start on
 * two cores (exceljs alone ~200 ms of module evaluation, measured with --cpu-prof), before it can
 * answer anything. So each loads on its first use, synchronously (the callers stay as they were),
 * and `warmUpLazyModules` loads them all in the background right after the server listens, so
 * the first customer to ask for a PDF does not pay for it either.
 */
const require = createRequire(import.meta.url);

let excel: typeof ExcelJSModule | undefined;
let pdf: typeof PDFDocumentClass | undefined;
let images: typeof SharpFunction | undefined;
let mail: typeof NodemailerModule | undefined;

export const exceljs = (): typeof ExcelJSModule => (excel ??= require('exceljs') as typeof ExcelJSModule);
export const pdfkit = (): typeof PDFDocumentClass => (pdf ??= require('pdfkit') as typeof PDFDocumentClass);
export const sharp = (): typeof SharpFunction => (images ??= require('sharp') as typeof SharpFunction);
export const nodemailer = (): typeof NodemailerModule => (mail ??= require('nodemailer') as typeof NodemailerModule);

/**
 * Loads every lazy library, one per turn of the event loop (each is ~50–200 ms of synchronous
 * work; between them requests are answered). Called once the server is listening.
 */
export function warmUpLazyModules(): void {
  const loads = [nodemailer, pdfkit, sharp, exceljs];
  const next = () => {
    const load = loads.shift();
    if (!load) return;
    load();
    setImmediate(next);
  };
  setImmediate(next);
}
