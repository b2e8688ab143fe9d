import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import {
  Button,
  Input,
  Select,
  countryAtom,
  updateStoredUser,
  useSession,
  type User,
} from '@streamflix/shared';
import { describeFailure, fieldErrorsFor } from '../../../lib/describe-failure';
import { userQueryKey } from '../../../api/get-current-user';
import { useFilterOptions } from '../../../api/get-filter-options';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import { SubmitForm } from '../../../components/submit-form';
import { updateProfile } from '../api/update-profile';
import screen from '../../../lib/screen.module.css';
import styles from './profile.module.css';
import { CodeOptions } from '../../../components/code-options';

const validate = (v: { name: string; country: string; language: string }) => ({
  name: !v.name.trim()
    ? 'Enter your name.'
    : v.name.trim().length > 80
      ? 'Use at most 80 characters.'
      : undefined,
});

/** Edit name, country and language (PATCH /users/{id}; the email cannot change). */
export function ProfileForm({ user }: { user: User }) {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const setCountry = useSetAtom(countryAtom);
  const options = useFilterOptions();
  const form = useForm(
    { name: user.name, country: user.country, language: user.language },
    validate,
  );
  const [saved, setSaved] = useState(false);

  const countries = options.data?.countries ?? [{ code: user.country, name: user.country }];
  const languages = options.data?.languages ?? [{ code: user.language, name: user.language }];

  // Any new try takes the last "Saved." away.
  const ready = () => {
    setSaved(false);
    return form.touchAll();
  };
  const submit = useSubmit(ready, async () => {
    const r = await updateProfile(userId, {
      name: form.values.name.trim(),
      country: form.values.country,
      language: form.values.language,
    });
    if (!r.status) {
      form.setServerErrors(fieldErrorsFor(r, ['name', 'country', 'language'] as const));
      return describeFailure(r);
    }
    submit.setPending(false);
    queryClient.setQueryData<User>(userQueryKey(userId), r.data);
    updateStoredUser({ name: r.data.name, country: r.data.country });
    setCountry(r.data.country);
    setSaved(true);
  });

  return (
    <SubmitForm submit={submit}>
      <Input
        label="Name"
        autoComplete="name"
        required
        {...form.field('name')}
        onChange={(e) => {
          setSaved(false);
          form.setValue('name', e.target.value);
        }}
      />
      <Input
        label="Email"
        type="email"
        value={user.email}
        readOnly
        hint="Your email address cannot be changed here."
      />
      <div className={styles.two}>
        <Select
          label="Country"
          autoComplete="country"
          value={form.values.country}
          onChange={(e) => form.setValue('country', e.target.value)}
        >
          <CodeOptions items={countries} />
        </Select>
        <Select
          label="Language"
          value={form.values.language}
          onChange={(e) => form.setValue('language', e.target.value)}
        >
          <CodeOptions items={languages} />
        </Select>
      </div>
      <div className={screen.row}>
        <Button type="submit" busy={submit.pending} busyLabel="Saving…">
          Save changes
        </Button>
        {saved ? (
          <span role="status" className={screen.muted}>
            Saved.
          </span>
        ) : null}
      </div>
    </SubmitForm>
  );
}
