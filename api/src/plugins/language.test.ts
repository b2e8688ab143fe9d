import { bearer, registerUser, useTestApp } from '../test/test-app';

/** The API in the request's language (issue 37): negotiation, errors, emails, names, titles. */
const t = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v1${url}`, headers });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/v1${url}`, payload, headers });

const outbox = async (email: string) => {
  await t.app.ctx.background.settled();
  const res = await get(`/dev/outbox?email=${encodeURIComponent(email)}`);
  return res.json().data.messages as Array<{ kind: string; subject: string; text: string }>;
};

describe('negotiation over HTTP', () => {
  test('Accept-Language picks the language, says so, and varies by it', async () => {
    const res = await get('/genres', { 'accept-language': 'it-IT, de;q=0.8, en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('de');
    expect(String(res.headers.vary)).toMatch(/accept-language/i);
    expect(res.json().data.map((g: { name: string }) => g.name)).toEqual([
      'Action',
      'Drama',
      'Komödie',
    ]);
  });

  test('without a language we ship, English, byte for byte as before', async () => {
    const res = await get('/genres', { 'accept-language': 'ko-KR' });
    expect(res.headers['content-language']).toBe('en');
    expect(res.json()).toEqual({
      status: true,
      message: 'Genres.',
      data: [
        { id: 'g-action', name: 'Action', slug: 'action' },
        { id: 'g-comedy', name: 'Comedy', slug: 'comedy' },
        { id: 'g-drama', name: 'Drama', slug: 'drama' },
      ],
    });
  });

  test("the signed-in profile's language comes before Accept-Language", async () => {
    const viewer = await registerUser(t.app, { language: 'ja' });
    const res = await get('/genres', { ...bearer(viewer.tokens.access), 'accept-language': 'de' });
    expect(res.headers['content-language']).toBe('ja');
    expect(res.json().data.map((g: { name: string }) => g.name)).toContain('コメディ');
  });

  test('media and artwork speak no language and keep one ETag for everyone', async () => {
    const en = await get('/artwork/t-free/poster.svg', { 'accept-language': 'en' });
    const ar = await get('/artwork/t-free/poster.svg', { 'accept-language': 'ar' });
    expect(en.statusCode).toBe(200);
    expect(ar.headers.etag).toBe(en.headers.etag);
    expect(ar.headers['content-language']).toBeUndefined();
  });
});

describe('the error envelope in the viewer language', () => {
  test('Arabic: an unknown endpoint, with the code-like parts untouched', async () => {
    const res = await get('/no-such-thing', { 'accept-language': 'ar' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: false,
      message: 'لا توجد نقطة نهاية GET /v1/no-such-thing.',
    });
    expect(res.headers['content-language']).toBe('ar');
  });

  test('Japanese: a refused call and a validation error keep their codes and fields', async () => {
    const refused = await get('/users/subscription/manage?userId=u-1', { 'accept-language': 'ja' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('続けるにはログインしてください。');

    const invalid = await post(
      '/auth/login',
      { email: 'a@example.com' },
      { 'accept-language': 'ja' },
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      status: false,
      message: '本文が無効です: password は必須です。',
      errors: { password: 'は必須です' },
    });
  });

  test('a message with values carries them into the translation', async () => {
    const res = await get('/categorys/details-test/nope', { 'accept-language': 'es' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No hay ninguna categoría llamada "nope".');
  });

  test('English stays as it was', async () => {
    const invalid = await post('/auth/login', { email: 'a@example.com' });
    expect(invalid.json().message).toBe('Invalid body: password is required.');
  });
});

describe('emails', () => {
  test('a sign-up without a language field takes Accept-Language, and its code email is in Spanish', async () => {
    const email = `lucia-${Date.now()}@example.com`;
    const started = await post(
      '/auth/register',
      { name: 'Lucía', email, password: 'correct horse battery staple', country: 'ES' },
      { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' },
    );
    expect(started.statusCode).toBe(202);
    const [mail] = await outbox(email);
    expect(mail!.kind).toBe('sign-up-code');
    expect(mail!.subject).toMatch(/^\d{6} es tu código de registro de StreamFlix$/);
    expect(mail!.text).toContain('Hola, Lucía:');

    // The account keeps the language, so later emails (a reset, asked in any language) follow it.
    const pending = await t.app.ctx.db
      .selectFrom('pending_sign_ups')
      .select('language')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(pending.language).toBe('es');
  });

  test('a password reset is written in the account language, whatever the request says', async () => {
    const viewer = await registerUser(t.app, { language: 'fr' });
    await post('/auth/forgot-password', { email: viewer.email }, { 'accept-language': 'de' });
    const reset = (await outbox(viewer.email)).find((m) => m.kind === 'reset-password');
    expect(reset?.subject).toMatch(
      /est votre code de réinitialisation du mot de passe StreamFlix$/,
    );
  });
});

describe('catalogue words', () => {
  test('categories, filter options and plans in German', async () => {
    const headers = { 'accept-language': 'de' };
    const categories = (await get('/categorys', headers)).json().data;
    expect(categories.find((c: { slug: string }) => c.slug === 'trending').name).toBe('Im Trend');
    expect(categories.find((c: { slug: string }) => c.slug === 'drama').name).toBe('Drama');
    const filters = (await get('/titles/filters', headers)).json().data;
    expect(filters.sortOptions.find((o: { value: string }) => o.value === 'az').label).toBe(
      'A bis Z',
    );
    const plans = (await get('/plans', headers)).json().data.plans;
    expect(plans.map((p: { name: string }) => p.name)).toEqual([
      'Basis',
      'Basis jährlich',
      'Premium',
      'Premium jährlich',
    ]);
    expect(plans[0].features).toContain('Jederzeit kündbar');
  });
});

describe('localised titles', () => {
  test('Spanish: name and synopsis localised, the original name alongside', async () => {
    const res = await get('/titles/t-free', { 'accept-language': 'es' });
    expect(res.json().data).toMatchObject({
      name: 'Carrera libre',
      synopsis: 'Sinopsis de Carrera libre.',
      originalName: 'Free Running',
    });
    expect(res.json().message).toBe('Carrera libre');
  });

  test('Japanese: the name only, so the synopsis falls back to the original, per field', async () => {
    const res = await get('/titles/t-free', { 'accept-language': 'ja' });
    expect(res.json().data).toMatchObject({
      name: 'フリーランニング',
      synopsis: 'Free Running synopsis.',
      originalName: 'Free Running',
    });
  });

  test('a language without a localisation shows the original; cards follow too', async () => {
    const fr = (await get('/titles/t-free', { 'accept-language': 'fr' })).json().data;
    expect(fr).toMatchObject({ name: 'Free Running', originalName: 'Free Running' });
    const search = (await get('/titles/search?q=free', { 'accept-language': 'es' })).json().data;
    const card = search.results.find((c: { id: string }) => c.id === 't-free');
    expect(card.name).toBe('Carrera libre');
    expect(card.genres).toEqual(['Acción']);
  });
});

describe('success messages over HTTP', () => {
  test("a success envelope's message follows the language; English and unknown ones stay", async () => {
    const none = { search: 'zzqqxx', country: 'US' };
    const ar = await post('/titles/search', none, { 'accept-language': 'ar' });
    expect(ar.json().message).toBe('لا توجد عناوين مطابقة. جرّب عوامل تصفية أقل أو بحثًا آخر.');
    const en = await post('/titles/search', none, { 'accept-language': 'en' });
    expect(en.json().message).toBe('No titles match. Try fewer filters or another search.');
    expect((await get('/genres', { 'accept-language': 'he' })).json().message).toBe('Genres.');
  });
});

describe("the viewer's plan", () => {
  test("GET /users/{id} names the plan in the request's language (the header shows it)", async () => {
    const viewer = await registerUser(t.app);
    const paid = await post(
      '/payments/checkout',
      { planId: 'basic-monthly', paymentMethodId: 'pm_card_visa' },
      bearer(viewer.tokens.access),
    );
    expect(paid.statusCode).toBe(200);
    const as = (language: string) =>
      get(`/users/${viewer.user.id}`, {
        ...bearer(viewer.tokens.access),
        'accept-language': language,
      });
    // The profile's language (English at sign-up) comes first; a PATCH makes it Arabic.
    expect((await as('ar')).json().data.plan.name).toBe('Basic');
    const profiles = (await get('/profiles', bearer(viewer.tokens.access))).json().data;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v1/profiles/${profiles.profiles[0].id}`,
      payload: { language: 'ar' },
      headers: bearer(viewer.tokens.access),
    });
    expect(patched.statusCode).toBe(200);
    expect((await as('en')).json().data.plan.name).toBe('الأساسية');
  });
});

describe('the household', () => {
  test("maturity levels and each profile's level are named in the request's language", async () => {
    const viewer = await registerUser(t.app, { language: 'he' });
    const res = await get('/profiles', bearer(viewer.tokens.access));
    const data = res.json().data;
    expect(data.maturityLevels.map((m: { label: string }) => m.label)).toEqual([
      'ילדים קטנים',
      'ילדים גדולים',
      'בני נוער',
      'כל דירוגי הגיל',
    ]);
    expect(data.profiles[0].maturityLabel).toBe('כל דירוגי הגיל');
  });
});
