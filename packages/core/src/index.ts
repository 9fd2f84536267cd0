export * from './money';
export * from './messages';
export * from './constants';
export * from './schemas';
// Beside the schemas, not re-exported by them: catalogue-product reads their types (no import circle).
export { isWholesaleProduct } from './catalogue-product';
export * from './order-status';
export * from './order-message';
export * from './pricing';
export * from './route-path';
export * from './calendar-date';
export * from './separation-of-duties';
export * from './display-name';
export * from './errors';
export * from './roles';
export * from './business';
export * from './order-customer';
export * from './receivables';
