export * from './staff';
export * from './customers';
export * from './operations';
export * from './agents';
