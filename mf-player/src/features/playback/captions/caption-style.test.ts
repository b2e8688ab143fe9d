import {
  DEFAULT_CAPTION_STYLE,
  captionCss,
  captionStyleFrom,
  offsetLabel,
  stepOffset,
} from './caption-style';

it('keeps each valid setting and falls back per setting for anything else', () => {
  expect(captionStyleFrom(undefined)).toEqual(DEFAULT_CAPTION_STYLE);
  expect(captionStyleFrom({ size: 'large', color: 'purple', background: 50, font: 7 })).toEqual({
    ...DEFAULT_CAPTION_STYLE,
    size: 'large',
    background: 50,
  });
  expect(captionStyleFrom('x')).toEqual(DEFAULT_CAPTION_STYLE);
});

it('turns a style into custom properties, with an outline when there is no box', () => {
  const css = captionCss({ size: 'x-large', color: 'yellow', background: 0, font: 'small-caps' });
  expect(css).toMatchObject({
    '--sf-caption-scale': '2',
    '--sf-caption-colour': '#ffeb3b',
    '--sf-caption-background': 'rgb(0 0 0 / 0%)',
    '--sf-caption-variant': 'small-caps',
  });
  expect((css as Record<string, string>)['--sf-caption-shadow']).not.toBe('none');
  expect((captionCss(DEFAULT_CAPTION_STYLE) as Record<string, string>)['--sf-caption-shadow']).toBe(
    'none',
  );
});

it('moves the timing in 50 ms steps without float drift, within ±10 s', () => {
  let offset = 0;
  for (let i = 0; i < 3; i += 1) offset = stepOffset(offset, 1);
  expect(offset).toBe(0.15);
  expect(offsetLabel(offset)).toBe('150 ms later');
  expect(offsetLabel(stepOffset(0, -1))).toBe('50 ms earlier');
  expect(offsetLabel(0)).toBe('in sync (0 ms)');
  expect(stepOffset(10, 1)).toBe(10);
});
