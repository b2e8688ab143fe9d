/**
 * Generated from the root `remotes.json` by `npm run remotes`: edit the registry, not this file.
 * tools/remotes.test.ts fails when the two differ.
 */
export const REMOTE_REGISTRY = [
  {
    name: 'mf_catalog',
    dir: 'mf-catalog',
    port: 3001,
    portEnv: 'CATALOG_PORT',
    team: 'catalog',
    label: 'catalogue',
  },
  {
    name: 'mf_player',
    dir: 'mf-player',
    port: 3002,
    portEnv: 'PLAYER_PORT',
    team: 'player',
    label: 'player',
  },
  {
    name: 'mf_account',
    dir: 'mf-account',
    port: 3003,
    portEnv: 'ACCOUNT_PORT',
    team: 'account',
    label: 'account',
  },
  {
    name: 'mf_checkout',
    dir: 'mf-checkout',
    port: 3004,
    portEnv: 'CHECKOUT_PORT',
    team: 'checkout',
    label: 'checkout',
  },
] as const;
