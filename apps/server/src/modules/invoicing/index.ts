// The invoicing module's public surface (one file: all of it is public).
export * from './invoice-issuer';
