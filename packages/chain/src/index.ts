export * from './artifacts';
export * from './chains';
