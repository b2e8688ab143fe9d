import { render, screen } from '@testing-library/react';
import { StatusOverlay, type StatusOverlayProps } from './status-overlay';

const base: StatusOverlayProps = {
  stream: { status: 'ready', problem: null, reconnect: null },
  waiting: true,
  paused: false,
  needsGesture: false,
  displayTitle: 'The Glass Orchard',
  onPlay: () => {},
  onRetry: () => {},
  idle: false,
};

it('waiting for data shows the buffering spinner', () => {
  render(<StatusOverlay {...base} />);
  expect(screen.getByRole('status', { name: 'Buffering' })).toBeInTheDocument();
});

it('while the stream reconnects offline, the viewer sees both that it waits and why', () => {
  render(
    <StatusOverlay
      {...base}
      stream={{ status: 'reconnecting', problem: null, reconnect: { offline: true, attempt: 2 } }}
    />,
  );
  expect(screen.getByRole('status', { name: 'Buffering' })).toBeInTheDocument();
  expect(screen.getByTestId('reconnect-banner')).toHaveTextContent('You’re offline');
});

it('a paused player shows no spinner', () => {
  render(<StatusOverlay {...base} paused />);
  expect(screen.queryByRole('status', { name: 'Buffering' })).not.toBeInTheDocument();
});
