import { LANGUAGES, SOURCE_LANGUAGE } from '../../../lib/i18n/languages';
import { planView } from './billing-views';
import { PLAN_TEXTS } from './plan-texts';
import { PLANS } from './plans';

describe('plans in every shipped language', () => {
  const texts = PLANS.flatMap((p) => [
    p.name,
    p.description,
    ...(JSON.parse(p.features_json) as string[]),
  ]);

  test.each(LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE))(
    '%s has every name, description and feature of plans.ts',
    (language) => {
      for (const text of texts)
        expect([text, PLAN_TEXTS[text]?.[language]]).toEqual([text, expect.any(String)]);
    },
  );

  test('a plan shown in Japanese; English as written', () => {
    expect(planView(PLANS[2]!, 'ja')).toMatchObject({ name: 'プレミアム', tier: 'premium' });
    expect(planView(PLANS[2]!)).toMatchObject({
      name: 'Premium',
      features: expect.arrayContaining(['Cancel anytime']),
    });
  });
});
