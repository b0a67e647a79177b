export * from './artifacts';
export * from './chains';
export * from './client';
