import {
  describeArm,
  describeCompositionSource,
  type CompositionSource,
} from './get-composition-source';

const live: CompositionSource = {
  source: 'control-plane',
  controlPlane: 'http://localhost:4500',
  environment: 'staging',
  revision: 7,
  checkedAt: '2026-11-27T10:15:00.000Z',
  reachable: true,
  failingSince: null,
  problem: null,
  fromDisk: false,
};
const hhmm = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

test('names the control plane, the environment and the revision served while it answers', () => {
  expect(describeCompositionSource(live)).toBe(
    `Control plane http://localhost:4500, environment staging: revision 7, checked ${hhmm(live.checkedAt!)}`,
  );
});

test('says since when the control plane is unreachable and which revision is still served', () => {
  const down = {
    ...live,
    reachable: false,
    failingSince: '2026-11-27T10:20:00.000Z',
    problem: 'unreachable (ECONNREFUSED)',
  };
  expect(describeCompositionSource(down)).toBe(
    `Control plane unreachable since ${hhmm(down.failingSince)}; serving the document of revision 7`,
  );
  expect(describeCompositionSource({ ...down, fromDisk: true })).toMatch(
    /revision 7 \(kept on disk\)$/,
  );
  expect(
    describeCompositionSource({ ...down, revision: null, problem: 'has no environment "staging"' }),
  ).toMatch(
    /^Control plane has no environment "staging" since \d\d:\d\d; serving no document yet$/,
  );
  expect(describeCompositionSource({ source: 'file' })).toMatch(/not a control plane/);
});

test('names the arm of a remote on canary, and stable for the rest', () => {
  const arm = { percent: 5, canaryVersion: '1.1.0', stableVersion: '1.0.0' };
  expect(describeArm({ arm: 'canary', version: '1.1.0', ...arm })).toBe(
    'canary 1.1.0 (5% of viewers; stable 1.0.0)',
  );
  expect(describeArm({ arm: 'stable', version: '1.0.0', ...arm })).toBe(
    'stable 1.0.0 (canary 1.1.0 at 5%)',
  );
  expect(describeArm({ arm: 'stable', version: '1.0.0' })).toBe('stable');
  // A host that does not say (a dev server, an older host): stable.
  expect(describeArm(undefined)).toBe('stable');
});
