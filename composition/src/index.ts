/**
 * `@streamflix/composition`: what the shell runs at start-up and the delivery CLIs
 * (`@streamflix/delivery`) run before writing an environment: the list of remotes (generated
 * from the root `remotes.json`), the composition document's shape and parser, and the
 * compatibility gate. A build-time library bundled into the shell, not a federated singleton.
 */
export * from './remotes';
export * from './composition-document';
export * from './compatibility-gate';
