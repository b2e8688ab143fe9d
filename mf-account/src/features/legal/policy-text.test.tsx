import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { parsePolicyText } from './policy-text';
import { PolicyBody } from './components/policy-body';

it('parses paragraphs, lists, bold and safe links', () => {
  const blocks = parsePolicyText(
    'Intro with **bold** and [docs](https://example.com).\n\n- one\n- two\n\nWrite to privacy@streamflix.example',
  );
  expect(blocks).toEqual([
    {
      type: 'paragraph',
      inlines: [
        { type: 'text', text: 'Intro with ' },
        { type: 'strong', text: 'bold' },
        { type: 'text', text: ' and ' },
        { type: 'link', text: 'docs', href: 'https://example.com' },
        { type: 'text', text: '.' },
      ],
    },
    { type: 'list', items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]] },
    {
      type: 'paragraph',
      inlines: [
        { type: 'text', text: 'Write to ' },
        {
          type: 'link',
          text: 'privacy@streamflix.example',
          href: 'mailto:privacy@streamflix.example',
        },
      ],
    },
  ]);
});

it('drops javascript: and other unsafe link targets', () => {
  expect(parsePolicyText('[click](javascript:alert(1))')[0]).toEqual({
    type: 'paragraph',
    inlines: [
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ],
  });
  expect(parsePolicyText('[x](//evil.example)')[0]).toEqual({
    type: 'paragraph',
    inlines: [{ type: 'text', text: 'x' }],
  });
});

it('renders markup in content as text: no element, handler or script is created', () => {
  const hostile =
    '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"> <b>not bold</b>';
  const { container } = render(
    <MemoryRouter>
      <PolicyBody sections={[{ heading: '<i>Heading</i>', body: hostile }]} />
    </MemoryRouter>,
  );
  expect(container.querySelector('script, img, b, i, [onerror]')).toBeNull();
  expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
  expect(container.textContent).toContain('<i>Heading</i>');
  expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
});
