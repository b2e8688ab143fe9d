import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RateAtEnd } from './rate-at-end';

const callOperation = jest.fn();
jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  callOperation: (...args: unknown[]) => callOperation(...args),
  useSession: () => ({ isLoggedIn: true }),
}));

describe('the end screen asks what the viewer thought', () => {
  it('appears when the video ends, saves the rating for the profile, and says so', async () => {
    const video = document.createElement('video');
    callOperation.mockResolvedValue({ status: true, message: 'ok', data: {} });
    render(<RateAtEnd video={video} titleId="t-1" titleName="Neon Tapir" />);
    expect(screen.queryByText(/What did you think/)).toBeNull();
    act(() => void video.dispatchEvent(new Event('ended')));
    const group = screen.getByRole('group', { name: 'Rate Neon Tapir' });
    await userEvent.click(screen.getByRole('button', { name: /I love this/ }));
    expect(callOperation).toHaveBeenCalledWith('PUT /titles/{movieId}/rating', {
      params: { movieId: 't-1' },
      body: { rating: 'love' },
    });
    expect(screen.getByRole('button', { name: /I love this/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Thanks: I love this.');
    expect(group).toBeInTheDocument();
    // Pressing it again clears the rating.
    await userEvent.click(screen.getByRole('button', { name: /I love this/ }));
    expect(callOperation).toHaveBeenLastCalledWith('PUT /titles/{movieId}/rating', {
      params: { movieId: 't-1' },
      body: { rating: null },
    });
  });

  it('keeps the choice unchanged and says why when saving fails', async () => {
    const video = document.createElement('video');
    callOperation.mockResolvedValue({ status: false, network: true });
    render(<RateAtEnd video={video} titleId="t-1" titleName="Neon Tapir" />);
    act(() => void video.dispatchEvent(new Event('ended')));
    await userEvent.click(screen.getByRole('button', { name: /Not for me/ }));
    expect(screen.getByRole('button', { name: /Not for me/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('status')).toHaveTextContent(/offline/);
  });
});
