import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RatingValue } from '../contract/api-types';
import { RatingChoices, ratingChoice } from './rating-choices';

function Rated({ initial = null }: { initial?: RatingValue | null }) {
  const [value, setValue] = useState<RatingValue | null>(initial);
  return <RatingChoices titleName="Neon Tapir" value={value} onChoose={setValue} />;
}

it('offers the three answers as toggle buttons in a group named after the title', () => {
  render(<Rated initial="like" />);
  const group = screen.getByRole('group', { name: 'Rate Neon Tapir' });
  const names = Array.from(group.querySelectorAll('button')).map((b) => b.textContent?.trim());
  expect(names).toEqual(['Not for me', 'I like this', 'I love this']);
  // Each choice draws an SVG icon, hidden from assistive technology, not an emoji.
  for (const b of group.querySelectorAll('button'))
    expect(b.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(screen.getByRole('button', { name: 'I like this' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(screen.getByRole('button', { name: 'Not for me' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

it('asks for the pressed choice, and for no rating when the chosen one is pressed again', async () => {
  const onChoose = jest.fn();
  const { rerender } = render(
    <RatingChoices titleName="Neon Tapir" value={null} onChoose={onChoose} />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'I love this' }));
  expect(onChoose).toHaveBeenLastCalledWith('love');
  rerender(<RatingChoices titleName="Neon Tapir" value="love" onChoose={onChoose} />);
  await userEvent.click(screen.getByRole('button', { name: 'I love this' }));
  expect(onChoose).toHaveBeenLastCalledWith(null);
});

it('works by keyboard: Tab to a choice, Space or Enter to press it', async () => {
  render(<Rated />);
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Not for me' })).toHaveFocus();
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'I like this' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await userEvent.keyboard(' ');
  expect(screen.getByRole('button', { name: 'I like this' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

it('moves focus to the first choice when asked (a pop-over opened by keyboard)', () => {
  render(<RatingChoices titleName="Neon Tapir" value={null} onChoose={jest.fn()} focusFirst />);
  expect(screen.getByRole('button', { name: 'Not for me' })).toHaveFocus();
});

it('takes no answer while one is being saved', async () => {
  const onChoose = jest.fn();
  render(<RatingChoices titleName="Neon Tapir" value={null} onChoose={onChoose} disabled />);
  for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'I like this' }));
  expect(onChoose).not.toHaveBeenCalled();
});

it('names each rating the way the screens say it', () => {
  expect(ratingChoice('not-for-me')).toEqual({
    value: 'not-for-me',
    label: 'Not for me',
    icon: '',
  });
  expect(ratingChoice('love').label).toBe('I love this');
});
