import npmSemver from 'semver';
import { coerce, gte, major, satisfies, valid, validRange } from './semver';

// The npm package is the reference: the gate's answers must not change by leaving it.
const versions = [
  '0.0.0',
  '0.0.1',
  '0.0.3',
  '0.0.4',
  '0.1.0',
  '0.1.5',
  '0.2.3',
  '0.3.0-0',
  '0.3.0',
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  '1.0.0-alpha.beta',
  '1.0.0-beta.2',
  '1.0.0-beta.11',
  '1.0.0-rc.1',
  '1.0.0',
  '1.2.0',
  '1.2.3',
  '1.2.4-beta.1',
  '1.2.4',
  '1.3.0-0',
  '1.3.0',
  '1.9.9',
  '2.0.0-0',
  '2.0.0',
  '2.3.4',
  '2.3.5',
  '2.4.0',
  '3.0.0',
  '7.9.5',
  '18.3.1',
  '19.0.0-rc.1',
  '19.2.0',
  '19.2.1',
  '20.0.0',
  'v1.2.3',
  '1.2.3+build.7',
  '1.2',
  '01.2.3',
  '1.2.3.4',
  'x',
  '',
  'local',
];
const ranges = [
  '',
  '*',
  'x',
  '1',
  '1.x',
  '1.2',
  '1.2.x',
  '1.2.3',
  '=1.2.3',
  'v1.2.3',
  '^1.2.3',
  '^1.2',
  '^1',
  '^0.2.3',
  '^0.0.3',
  '^0.0.x',
  '^0.0',
  '^0.x',
  '^1.2.x',
  '^19.0.0',
  '^19.2.0-0',
  '^1.0.0-alpha',
  '~1.2.3',
  '~1.2',
  '~1',
  '~0.2.3',
  '~>1.2.3',
  '~1.2.4-beta.1',
  '>1.2.3',
  '>1.2',
  '>1',
  '>=1.2.3',
  '>=1.2',
  '<1.2.3',
  '<1.2',
  '<1',
  '<=1.2.3',
  '<=1.2',
  '<=1',
  '> 1.2.3',
  '>= 1.2 < 2',
  '>=1.2.3 <2.0.0',
  '1.2.3 - 2.3.4',
  '1.2 - 2.3.4',
  '1.2.3 - 2.3',
  '1.2.3 - 2',
  '* - 2',
  '^1.0.0 || ^2.0.0',
  '<1.0.0 || >=2.3.4',
  '19.x || 20.x',
  '>=19 <21',
  '^18.3.1 || ^19.0.0',
  'latest',
  '^a.b',
  '>>1',
  '1.2.3 -',
  '^1.2.3 ||',
  '1 2',
  '~ 1.2',
];

describe('semver (the gate’s subset) agrees with the npm package', () => {
  it.each(versions)('valid/coerce/major %p', (text) => {
    expect(valid(text)).toBe(npmSemver.valid(text));
    expect(coerce(text)).toBe(npmSemver.coerce(text)?.version ?? null);
    const normal = npmSemver.valid(text);
    if (normal) expect(major(text)).toBe(npmSemver.major(normal));
  });

  it.each(ranges)('range %p', (range) => {
    const reference = npmSemver.validRange(range) !== null;
    expect(validRange(range)).toBe(reference);
    for (const version of versions) {
      const expected =
        reference && npmSemver.valid(version) !== null
          ? npmSemver.satisfies(version, range, { includePrerelease: true })
          : false;
      expect([version, satisfies(version, range)]).toEqual([version, expected]);
    }
  });

  it('orders versions as semver does', () => {
    const valids = versions.filter((v) => npmSemver.valid(v));
    for (const a of valids)
      for (const b of valids) expect([a, b, gte(a, b)]).toEqual([a, b, npmSemver.gte(a, b)]);
  });
});
