export * from './constants';
export * from './error-codes';
export * from './rules';
export * from './models';
export * from './classes';
export * from './api';
export * from './calls';
export * from './donations';
