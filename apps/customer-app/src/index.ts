export * from './product-client';
export * from './verify-signature';
export * from './webhook-receiver';
export * from './pictures';
