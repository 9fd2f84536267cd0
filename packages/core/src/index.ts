export * from './money';
export * from './messages';
export * from './constants';
export * from './schemas';
export * from './order-status';
export * from './order-message';
export * from './pricing';
export * from './route-path';
