import { render } from '@testing-library/react';
import { setRuntimeConfig } from '../config/runtime-config';
import { PROFILE_AVATAR_COLOURS, ProfileAvatar } from './profile-avatar';

it('draws the initial on the profile’s colour, hidden from screen readers', () => {
  const { container } = render(<ProfileAvatar name="  maya" avatar="ocean" className="x" />);
  const badge = container.firstElementChild as HTMLElement;
  expect(badge).toHaveTextContent('M');
  expect(badge).toHaveAttribute('aria-hidden', 'true');
  expect(badge).toHaveClass('x');
  expect(badge.style.background).toBe(PROFILE_AVATAR_COLOURS.ocean);
});

it('falls back to one colour for an unknown avatar and to ? for an empty name', () => {
  const { container } = render(<ProfileAvatar name=" " avatar="no-such" />);
  const badge = container.firstElementChild as HTMLElement;
  expect(badge).toHaveTextContent('?');
  expect(badge.style.background).toBe(PROFILE_AVATAR_COLOURS.night);
});

it('shows the account’s picture from the API’s origin', () => {
  setRuntimeConfig({ apiOrigin: 'https://api.example.test' });
  const { container } = render(
    <ProfileAvatar name="Sam" avatar="account" avatarUrl="/uploads/avatars/a.png" />,
  );
  const img = container.querySelector('img')!;
  expect(img).toHaveAttribute('src', 'https://api.example.test/uploads/avatars/a.png');
  expect(img).toHaveAttribute('alt', '');
});
