import '../zod-locale';
export * from './common';
export * from './product';
export * from './auth';
export * from './cart';
export * from './order';
export * from './admin-orders';
export * from './settings';
