import { act, renderHook } from '@testing-library/react';
import { emit } from '@streamflix/shared';
import { dismissSessionEnded, useSessionEnded, watchSessionEnd } from './session-ended';

it('notices a session that ended elsewhere, not a sign-out the viewer chose, until dismissed', () => {
  watchSessionEnd();
  const { result } = renderHook(() => useSessionEnded());
  expect(result.current).toBe(false);
  act(() => emit('session:changed', { loggedIn: false, reason: 'logout' }));
  expect(result.current).toBe(false);
  act(() => emit('session:changed', { loggedIn: false, reason: 'expired' }));
  expect(result.current).toBe(true);
  act(() => dismissSessionEnded());
  expect(result.current).toBe(false);
  act(() => emit('session:changed', { loggedIn: false, reason: 'expired' }));
  act(() => emit('session:changed', { loggedIn: true }));
  expect(result.current).toBe(false);
});
