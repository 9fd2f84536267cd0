import type { FastifyReply } from 'fastify';

/** A PDF to download (an order, a receipt, a statement): personal data, never kept by a browser or a proxy. */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
