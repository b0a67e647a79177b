export * from './client';
export * from './embedded';
export * from './lock';
export * from './migrate';
export * as schema from './schema/index';
export * from './prepared';
export * from './roles';
