import { act, render, screen } from '@testing-library/react';
import { pushConnection } from '../platform/push-connection';
import { RECONNECTING_GRACE_MS, ReconnectingNotice } from './reconnecting-notice';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => pushConnection.set('live'));
  jest.useRealTimers();
});

it('says "Reconnecting…" politely once the stream has been down past the grace, and goes when it is back', () => {
  render(<ReconnectingNotice />);
  const status = screen.getByRole('status');
  expect(status).toBeEmptyDOMElement();

  act(() => pushConnection.set('reconnecting'));
  act(() => jest.advanceTimersByTime(RECONNECTING_GRACE_MS - 100));
  expect(status).toBeEmptyDOMElement();
  act(() => jest.advanceTimersByTime(100));
  expect(status).toHaveTextContent('Reconnecting…');

  act(() => pushConnection.set('live'));
  expect(status).toBeEmptyDOMElement();
});

it('shows nothing for a drop shorter than the grace', () => {
  render(<ReconnectingNotice />);
  act(() => pushConnection.set('reconnecting'));
  act(() => jest.advanceTimersByTime(RECONNECTING_GRACE_MS / 2));
  act(() => pushConnection.set('live'));
  act(() => jest.advanceTimersByTime(RECONNECTING_GRACE_MS * 2));
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
});
