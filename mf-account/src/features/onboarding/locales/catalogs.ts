import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-account (docs/i18n.md, "Parts"): the messages of
 * `features/onboarding/`, loaded with the screens that show them (their `useCatalogs`).
 */
export const onboardingCatalogs = defineCatalogs(
  'mf-account:features/onboarding',
  (lang) => import(`./${lang}.ts`),
);
