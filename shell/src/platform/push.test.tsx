import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUSH_TOAST_OPTIONS, showPushToast } from './push';

jest.mock('react-toastify', () => ({ toast: jest.fn() }));
const mockedToast = toast as unknown as jest.Mock;

it('shows the spec’s notification toast: top-centre, light, 5 s, pausable on hover, draggable', () => {
  expect(PUSH_TOAST_OPTIONS).toMatchObject({
    position: 'top-center',
    theme: 'light',
    autoClose: 5000,
    pauseOnHover: true,
    draggable: true,
  });
  showPushToast({ id: 'ntf_1', title: 'New episode', body: 'S2E1 is out', link: null }, jest.fn());
  expect(mockedToast).toHaveBeenCalledWith(expect.any(Function), {
    ...PUSH_TOAST_OPTIONS,
    toastId: 'ntf_1',
  });
});

it('shows title and body, and a click (or Enter) opens the target and closes the toast', async () => {
  const open = jest.fn();
  showPushToast(
    { id: 'ntf_2', title: 'New episode', body: 'S2E1 is out', link: '/title/t1' },
    open,
  );
  const content = mockedToast.mock.calls.at(-1)![0] as (p: {
    closeToast: () => void;
  }) => ReactElement;
  const closeToast = jest.fn();
  render(content({ closeToast }));
  const button = screen.getByRole('button', { name: /New episode.*S2E1 is out/ });
  button.focus();
  await userEvent.keyboard('{Enter}');
  expect(open).toHaveBeenCalledWith('/title/t1');
  expect(closeToast).toHaveBeenCalled();
});

it('opens the notifications screen when the message has no link', async () => {
  const open = jest.fn();
  showPushToast({ id: 'ntf_3', title: 'Hello', body: '', link: null }, open);
  const content = mockedToast.mock.calls.at(-1)![0] as (p: {
    closeToast: () => void;
  }) => ReactElement;
  render(content({ closeToast: jest.fn() }));
  await userEvent.click(screen.getByRole('button', { name: 'Hello' }));
  expect(open).toHaveBeenCalledWith('/notification');
});
