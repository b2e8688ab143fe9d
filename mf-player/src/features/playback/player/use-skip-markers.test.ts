import { skipWindows } from './use-skip-markers';

const markers = { introStart: 5, introEnd: 20, creditsStart: 80 };

describe('skipWindows', () => {
  it('offers "Skip intro" from the intro start until half a second before its end', () => {
    expect(skipWindows(markers, 4, 100).inIntro).toBe(false);
    expect(skipWindows(markers, 5, 100).inIntro).toBe(true);
    expect(skipWindows(markers, 19.4, 100).inIntro).toBe(true);
    expect(skipWindows(markers, 19.6, 100).inIntro).toBe(false);
    // Without a start, the intro begins with the title.
    expect(
      skipWindows({ introStart: null, introEnd: 20, creditsStart: null }, 0, 100).inIntro,
    ).toBe(true);
  });

  it('offers "Skip credits" from the credits until the last second, once the length is known', () => {
    expect(skipWindows(markers, 79, 100).inCredits).toBe(false);
    expect(skipWindows(markers, 80, 100).inCredits).toBe(true);
    expect(skipWindows(markers, 99.5, 100).inCredits).toBe(false);
    expect(skipWindows(markers, 85, 0).inCredits).toBe(false);
  });

  it('offers neither without markers', () => {
    expect(skipWindows({ introStart: null, introEnd: null, creditsStart: null }, 10, 100)).toEqual({
      inIntro: false,
      inCredits: false,
    });
  });
});
