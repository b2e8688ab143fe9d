import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryState, type QueryStateSource } from './states';

const source = (over: Partial<QueryStateSource<string>>): QueryStateSource<string> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: jest.fn(),
  ...over,
});

it('shows the pending content, then the data', () => {
  const view = (q: QueryStateSource<string>) => (
    <QueryState query={q} pending={<p role="status">Loading</p>}>
      {(data) => <p>Got {data}</p>}
    </QueryState>
  );
  const { rerender } = render(view(source({ isPending: true })));
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  rerender(view(source({ data: 'titles' })));
  expect(screen.getByText('Got titles')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('says what failed and asks again on Retry', async () => {
  const refetch = jest.fn();
  render(
    <QueryState
      query={source({ isError: true, error: new Error('The server is busy.'), refetch })}
      pending={null}
    >
      {(data) => <p>{data}</p>}
    </QueryState>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  expect(screen.getByRole('alert')).toHaveTextContent('The server is busy.');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(refetch).toHaveBeenCalledTimes(1);
});
