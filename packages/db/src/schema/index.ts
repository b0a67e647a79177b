export * from './staff';
export * from './customers';
export * from './operations';
