/**
 * The product API's public face for other modules (the Integrations screen makes, rotates and
 * reveals service client secrets; webhook delivery signs with them): how a secret is made, sealed,
 * opened and used to sign.
 */
export { hmacHex, newClientCredentials, openClientSecret, sealClientSecret } from './service-client-secrets';
