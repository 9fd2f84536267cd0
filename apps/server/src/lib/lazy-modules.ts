import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';
import type NodemailerModule from 'nodemailer';
import type PDFDocumentClass from 'pdfkit';
import type SharpFunction from 'sharp';

/**
 * Libraries only some answers need: spreadsheets (exceljs), PDFs (pdfkit), product images (sharp)
 * and e-mail (nodemailer). Loaded at start-up they cost the server about a third of its start on
 * two cores (exceljs alone ~200 ms of module evaluation, measured with --cpu-prof), before it can
 * answer anything. So each loads on its first use, synchronously (the callers stay as they were):
 * the first spreadsheet after a start waits for exceljs once. Loading them in the background after
 * `listen` was tried and dropped: exceljs is one ~0.4 s block of synchronous work, which then held
 * up the first requests after every start instead (decision 045).
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
