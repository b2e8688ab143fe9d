import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryKey } from '@streamflix/shared';
import { CardRating, RateTitle } from './title-ratings';

const callOperation = jest.fn();
jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  callOperation: (...args: unknown[]) => callOperation(...args),
  useSession: () => ({ isLoggedIn: true, userId: 'u1', country: 'US' }),
}));

function renderWithClient(ui: ReactNode, client = new QueryClient()) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => callOperation.mockReset());

describe('the title page rating', () => {
  it('shows the choice at once, saves it for the profile and says so', async () => {
    callOperation.mockResolvedValue({ status: true, message: 'ok', data: {} });
    renderWithClient(<RateTitle titleId="t-1" titleName="Neon Tapir" rating="like" />);
    const group = screen.getByRole('group', { name: 'Rate Neon Tapir' });
    expect(screen.getByRole('button', { name: 'I like this' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'I love this' }));
    expect(callOperation).toHaveBeenCalledWith('PUT /titles/{movieId}/rating', {
      params: { movieId: 't-1' },
      body: { rating: 'love' },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Rated Neon Tapir: I love this.');
    expect(group).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I love this' }));
    expect(callOperation).toHaveBeenLastCalledWith('PUT /titles/{movieId}/rating', {
      params: { movieId: 't-1' },
      body: { rating: null },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Rating cleared.');
  });

  it('puts the earlier choice back and says why when saving fails', async () => {
    callOperation.mockResolvedValue({ status: false, network: true });
    renderWithClient(<RateTitle titleId="t-1" titleName="Neon Tapir" rating="like" />);
    await userEvent.click(screen.getByRole('button', { name: 'Not for me' }));
    expect(screen.getByRole('button', { name: 'Not for me' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: 'I like this' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent(/offline/);
  });
});

describe("a card's rating", () => {
  it('opens the choices by keyboard, and Escape closes them with focus back on the button', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKey('GET /ratings'), [{ titleId: 't-1', rating: 'love' }]);
    renderWithClient(<CardRating titleId="t-1" titleName="Neon Tapir" />, client);
    const button = screen.getByRole('button', { name: 'Rate Neon Tapir (now: I love this)' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const group = screen.getByRole('group', { name: 'Rate Neon Tapir' });
    expect(screen.getByRole('button', { name: 'Not for me' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'I love this' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    expect(group).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(callOperation).not.toHaveBeenCalled();
  });

  it('saves the choice, closes, and clears it when the chosen one is pressed again', async () => {
    callOperation.mockImplementation(async (op: string) =>
      op === 'GET /ratings'
        ? { status: true, message: 'ok', data: { ratings: [] } }
        : { status: true, message: 'ok', data: {} },
    );
    const client = new QueryClient();
    client.setQueryData(queryKey('GET /ratings'), [{ titleId: 't-1', rating: 'love' }]);
    renderWithClient(<CardRating titleId="t-1" titleName="Neon Tapir" />, client);
    await userEvent.click(screen.getByRole('button', { name: /^Rate Neon Tapir/ }));
    await userEvent.click(screen.getByRole('button', { name: 'I love this' }));
    expect(callOperation).toHaveBeenCalledWith('PUT /titles/{movieId}/rating', {
      params: { movieId: 't-1' },
      body: { rating: null },
    });
    await waitFor(() => expect(screen.queryByRole('group')).not.toBeInTheDocument());
  });
});
