// The stock module's public surface (one file: all of it is public).
export * from './stock.ledger';
