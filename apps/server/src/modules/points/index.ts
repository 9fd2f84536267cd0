// The points module's public surface (one file: all of it is public).
export * from './points.ledger';
