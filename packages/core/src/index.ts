export * from './money';
export * from './messages';
export * from './constants';
export * from './schemas';
