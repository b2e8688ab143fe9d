import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useProgressiveCount } from './use-progressive-count';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useProgressiveCount', () => {
  it('renders the first items with the update, then all of them in a deferred render', async () => {
    const seen: number[] = [];
    let setCount: (n: number) => void = () => undefined;
    function Probe() {
      const [count, set] = useState(0);
      setCount = set;
      seen.push(useProgressiveCount(count, 6));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Probe />));
    expect(seen.at(-1)).toBe(0);
    seen.length = 0;
    await act(async () => setCount(24));
    expect(seen).toEqual([6, 24]);
    seen.length = 0;
    // A next page keeps what is shown and adds the rest in the deferred render.
    await act(async () => setCount(48));
    expect(seen).toEqual([24, 48]);
    seen.length = 0;
    // Fewer results are shown at once.
    await act(async () => setCount(3));
    expect(seen[0]).toBe(3);
    expect(seen.at(-1)).toBe(3);
    act(() => root.unmount());
  });
});
