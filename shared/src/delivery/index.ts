/**
 * `@streamflix/shared/delivery`: what the shell runs at start-up and the delivery CLI
 * (`@streamflix/delivery`) runs before writing an environment: the composition document's
 * shape and parser, and the compatibility gate. Not part of the federated singleton.
 */
export * from './composition-document';
export * from './compatibility-gate';
