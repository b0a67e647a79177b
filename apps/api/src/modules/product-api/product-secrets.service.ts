/**
 * The product API's public face for other modules (the Integrations screen makes, rotates and
 * reveals service client secrets): how a secret is made, sealed and opened.
 */
export { newClientCredentials, openClientSecret, sealClientSecret } from './service-client-secrets';
