import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Select } from './primitives';

function Picker({ error }: { error?: string }) {
  const [value, setValue] = useState('es');
  return (
    <Select
      label="Language"
      hint="Used for new titles."
      error={error}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    >
      <option value="en">English</option>
      <option value="es">Spanish</option>
    </Select>
  );
}

it('is a labelled select described by its hint, changed by keyboard or pointer', async () => {
  render(<Picker />);
  const select = screen.getByRole('combobox', { name: 'Language' });
  expect(select).toHaveValue('es');
  expect(select).toHaveAccessibleDescription('Used for new titles.');
  expect(select).not.toHaveAttribute('aria-invalid');

  await userEvent.tab();
  expect(select).toHaveFocus();
  await userEvent.selectOptions(select, 'English');
  expect(select).toHaveValue('en');
});

it('announces its error and marks itself invalid', () => {
  render(<Picker error="Choose a language." />);
  const select = screen.getByRole('combobox', { name: 'Language' });
  expect(select).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a language.');
  expect(select).toHaveAccessibleDescription('Used for new titles. Choose a language.');
});

it('keeps a hidden label for screen readers', () => {
  render(
    <Select label="Season" hideLabel defaultValue="2">
      <option value="1">Season 1</option>
      <option value="2">Season 2</option>
    </Select>,
  );
  expect(screen.getByRole('combobox', { name: 'Season' })).toHaveValue('2');
  expect(screen.getByText('Season', { selector: 'label' })).toHaveClass('sf-visually-hidden');
});
