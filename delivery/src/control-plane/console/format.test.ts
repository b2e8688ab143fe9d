import { actorName, gateState, versionChange, versionOf } from './format';

describe("the console's wording", () => {
  test('names who a token or an audit row speaks for', () => {
    expect(actorName({ team: 'player', environmentOwner: null })).toBe('team player');
    expect(actorName({ team: null, environmentOwner: 'staging' })).toBe('owner of staging');
  });

  test('reads the gate from the report an edit kept, or says it was not recorded', () => {
    expect(gateState({ gate: { ok: true, problems: [] } })).toEqual({
      state: 'passed',
      problems: [],
    });
    expect(gateState({ gate: { ok: false, problems: ['HTTP 404'] } })).toEqual({
      state: 'refused',
      problems: ['HTTP 404'],
    });
    expect(gateState({ gate: null }).state).toBe('not recorded');
    expect(gateState({ gate: { note: 'no ok field' } }).state).toBe('not recorded');
    expect(gateState(null).state).toBe('not recorded');
  });

  test('shows a move as from → to, and a missing side plainly', () => {
    expect(versionChange({ fromVersion: '0.2.0', toVersion: '0.3.0' })).toBe('0.2.0 → 0.3.0');
    expect(versionChange({ fromVersion: null, toVersion: '0.3.0' })).toBe('(none) → 0.3.0');
    expect(versionOf(null)).toBe('—');
  });
});
