import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import {
  Button,
  Input,
  LanguageMenu,
  PSEUDO_LANGUAGE,
  Select,
  countryAtom,
  updateStoredUser,
  i18n as i18nNow,
  useI18n,
  useLanguage,
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

// Messages are read when the form validates, in the language active then.
const validate = (v: { name: string; country: string }) => {
  const i18n = i18nNow;
  return {
    name: !v.name.trim()
      ? i18n._({ id: 'mf-account.validation.nameMissing', message: 'Enter your name.' })
      : v.name.trim().length > 80
        ? i18n._({
            id: 'mf-account.validation.nameTooLong',
            message: 'Use at most {max} characters.',
            values: { max: 80 },
          })
        : undefined,
  };
};

/**
 * Edit name and country (PATCH /users/{id}; the email cannot change). "Language" is the language
 * menu itself, the one of the header and the settings (docs/i18n.md): it switches at once and is
 * remembered on the device and on the active profile, so it always shows the language in use. Saving
 * also writes that language on the account, the language of the emails it is sent.
 */
export function ProfileForm({ user }: { user: User }) {
  const i18n = useI18n();
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const setCountry = useSetAtom(countryAtom);
  const options = useFilterOptions();
  const language = useLanguage();
  const form = useForm({ name: user.name, country: user.country }, validate);
  const [saved, setSaved] = useState(false);

  const countries = options.data?.countries ?? [{ code: user.country, name: user.country }];

  // Any new try takes the last "Saved." away.
  const ready = () => {
    setSaved(false);
    return form.touchAll();
  };
  const submit = useSubmit(ready, async () => {
    const r = await updateProfile(userId, {
      name: form.values.name.trim(),
      country: form.values.country,
      // The pseudo-locale is a testing tool, never an account's language.
      language: language === PSEUDO_LANGUAGE.code ? user.language : language,
    });
    if (!r.status) {
      form.setServerErrors(fieldErrorsFor(r, ['name', 'country'] as const));
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
        label={i18n._({ id: 'mf-account.profileForm.name', message: 'Name' })}
        autoComplete="name"
        required
        {...form.field('name')}
        onChange={(e) => {
          setSaved(false);
          form.setValue('name', e.target.value);
        }}
      />
      <Input
        label={i18n._({ id: 'mf-account.profileForm.email', message: 'Email' })}
        type="email"
        value={user.email}
        readOnly
        hint={i18n._({
          id: 'mf-account.profileForm.emailHint',
          message: 'Your email address cannot be changed here.',
        })}
      />
      <div className={styles.two}>
        <Select
          label={i18n._({ id: 'mf-account.profileForm.country', message: 'Country' })}
          autoComplete="country"
          value={form.values.country}
          onChange={(e) => form.setValue('country', e.target.value)}
        >
          <CodeOptions items={countries} />
        </Select>
        <div data-slot="language-menu">
          <LanguageMenu />
          <p className={screen.muted}>
            {i18n._({
              id: 'mf-account.profileForm.languageHint',
              message:
                'Changes Streamflix on this profile at once. Save to get our emails in it too.',
            })}
          </p>
        </div>
      </div>
      <div className={screen.row}>
        <Button
          type="submit"
          busy={submit.pending}
          busyLabel={i18n._({ id: 'mf-account.profileForm.saving', message: 'Saving…' })}
        >
          {i18n._({ id: 'mf-account.profileForm.save', message: 'Save changes' })}
        </Button>
        {saved ? (
          <span role="status" className={screen.muted}>
            {i18n._({ id: 'mf-account.profileForm.saved', message: 'Saved.' })}
          </span>
        ) : null}
      </div>
    </SubmitForm>
  );
}
