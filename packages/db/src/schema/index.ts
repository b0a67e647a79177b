export * from './staff';
export * from './customers';
