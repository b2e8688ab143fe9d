import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAtom } from 'jotai';
import {
  Button,
  Card,
  i18n as i18nNow,
  logoutAll,
  paths,
  useI18n,
  useSession,
} from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import { passwordHint } from '../../../lib/password-hint';
import { useCurrentUser } from '../../../api/get-current-user';
import { useForm } from '../../../lib/use-form';
import { useSubmit } from '../../../lib/use-submit';
import { SubmitForm } from '../../../components/submit-form';
import { changePassword } from '../api/change-password';
import { isPasswordChangedAtom } from '../password-changed-atom';
import { PasswordInput } from '../../../components/password-input';
import screen from '../../../lib/screen.module.css';

const MIN = 8;
const MAX = 128;
type Fields = { current: string; next: string; confirm: string };
// Messages are read when the form validates, in the language active then.
const validate = (v: Fields) => {
  const i18n = i18nNow;
  return {
    current: v.current
      ? undefined
      : i18n._({
          id: 'mf-account.changePassword.currentMissing',
          message: 'Enter your current password.',
        }),
    next: !v.next
      ? i18n._({ id: 'mf-account.changePassword.newMissing', message: 'Choose a new password.' })
      : v.next.length < MIN
        ? i18n._({
            id: 'mf-account.changePassword.tooShort',
            message: 'Use at least {min} characters.',
            values: { min: MIN },
          })
        : v.next.length > MAX
          ? i18n._({
              id: 'mf-account.changePassword.tooLong',
              message: 'Use at most {max} characters.',
              values: { max: MAX },
            })
          : v.next === v.current
            ? i18n._({
                id: 'mf-account.changePassword.same',
                message: 'Choose a password different from the current one.',
              })
            : undefined,
    confirm: !v.confirm
      ? i18n._({
          id: 'mf-account.changePassword.confirmMissing',
          message: 'Type the new password again.',
        })
      : v.confirm !== v.next
        ? i18n._({
            id: 'mf-account.changePassword.mismatch',
            message: 'The passwords do not match.',
          })
        : undefined,
  };
};

const RULES = [
  { id: 'length', test: (v: Fields) => v.next.length >= MIN },
  { id: 'different', test: (v: Fields) => v.next.length > 0 && v.next !== v.current },
  { id: 'match', test: (v: Fields) => v.confirm.length > 0 && v.confirm === v.next },
] as const;

/**
 * /change-password: current, new and confirm. The API signs every other
 * session out on success; the viewer may also end this one.
 */
export function ChangePasswordForm() {
  const i18n = useI18n();
  const ruleLabel = (id: (typeof RULES)[number]['id']) =>
    id === 'length'
      ? i18n._({
          id: 'mf-account.changePassword.ruleLength',
          message: 'At least {min} characters',
          values: { min: MIN },
        })
      : id === 'different'
        ? i18n._({
            id: 'mf-account.changePassword.ruleDifferent',
            message: 'Different from your current password',
          })
        : i18n._({
            id: 'mf-account.changePassword.ruleMatch',
            message: 'Both new passwords match',
          });
  const navigate = useNavigate();
  const { userId } = useSession();
  const user = useCurrentUser();
  const [changed, setChanged] = useAtom(isPasswordChangedAtom);
  const form = useForm<keyof Fields>({ current: '', next: '', confirm: '' }, validate);
  const [leaving, setLeaving] = useState(false);
  // The flag describes this visit's change; leaving the screen clears it.
  useEffect(() => () => setChanged(false), [setChanged]);

  const submit = useSubmit(form.touchAll, async () => {
    setChanged(false);
    const r = await changePassword(userId, form.values.current, form.values.next);
    if (r.status) {
      submit.setPending(false);
      setChanged(true);
      return;
    }
    // A field error sits next to its field (role=alert there); the summary is for everything else.
    const fe = r.fieldErrors ?? {};
    const current = fe.currentPassword ? (r.message ?? fe.currentPassword) : undefined;
    // Fragments ("is too easy to guess") come with the full sentence in `message`.
    const next = fe.newPassword
      ? /^[a-z]/.test(fe.newPassword)
        ? (r.message ?? fe.newPassword)
        : fe.newPassword
      : undefined;
    form.setServerErrors({ current, next });
    return current || next ? null : describeFailure(r);
  });

  const signOutEverywhere = async () => {
    setLeaving(true);
    await logoutAll();
    setChanged(false);
    navigate(paths.login(), { replace: true });
  };

  if (user.data && !user.data.hasPassword) {
    return (
      <main className={screen.center}>
        <Card className={screen.panel}>
          <h1 className={screen.title}>
            {i18n._({ id: 'mf-account.changePassword.title', message: 'Change password' })}
          </h1>
          <p>
            {i18n._({
              id: 'mf-account.changePassword.socialOnly',
              message:
                'You sign in with Google, Apple or Facebook, so there is no Streamflix password to change.',
            })}
          </p>
          <Link to={paths.profile()}>
            {i18n._({ id: 'mf-account.changePassword.backToProfile', message: 'Back to profile' })}
          </Link>
        </Card>
      </main>
    );
  }

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>
          {i18n._({ id: 'mf-account.changePassword.title', message: 'Change password' })}
        </h1>
        {changed ? (
          <>
            <p className={screen.success} role="status">
              {i18n._({
                id: 'mf-account.changePassword.done',
                message:
                  'Your password was changed. For your security, every other device was signed out.',
              })}
            </p>
            <p className={screen.muted}>
              {i18n._({
                id: 'mf-account.changePassword.doneHint',
                message:
                  'Not sure this device is safe either? Sign out everywhere, including here.',
              })}
            </p>
            <div className={screen.row}>
              <Button
                variant="secondary"
                onClick={() => void signOutEverywhere()}
                busy={leaving}
                busyLabel={i18n._({
                  id: 'mf-account.changePassword.signingOut',
                  message: 'Signing out…',
                })}
              >
                {i18n._({
                  id: 'mf-account.changePassword.signOutAll',
                  message: 'Sign out of all devices',
                })}
              </Button>
              <Link to={paths.profile()} onClick={() => setChanged(false)}>
                {i18n._({
                  id: 'mf-account.changePassword.backToProfile',
                  message: 'Back to profile',
                })}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className={screen.lead}>
              {i18n._({
                id: 'mf-account.changePassword.lead',
                message: 'Changing your password signs you out on every other device.',
              })}
            </p>
            <SubmitForm submit={submit}>
              {/* Lets password managers match the account whose password changes. */}
              <input
                type="email"
                name="username"
                autoComplete="username"
                value={user.data?.email ?? ''}
                readOnly
                hidden
              />
              <PasswordInput
                label={i18n._({
                  id: 'mf-account.changePassword.current',
                  message: 'Current password',
                })}
                autoComplete="current-password"
                required
                {...form.field('current')}
              />
              <PasswordInput
                label={i18n._({ id: 'mf-account.changePassword.new', message: 'New password' })}
                autoComplete="new-password"
                required
                hint={passwordHint()}
                {...form.field('next')}
              />
              <PasswordInput
                label={i18n._({
                  id: 'mf-account.changePassword.confirm',
                  message: 'Confirm new password',
                })}
                autoComplete="new-password"
                required
                {...form.field('confirm')}
              />
              <ul className={screen.muted} style={{ margin: 0, paddingInlineStart: '1.2em' }}>
                {RULES.map((rule) => {
                  const ok = rule.test(form.values);
                  return (
                    <li key={rule.id} style={{ color: ok ? 'var(--sf-color-success)' : undefined }}>
                      {ruleLabel(rule.id)}
                      <span className="sf-visually-hidden">
                        {' '}
                        {ok
                          ? i18n._({ id: 'mf-account.rules.met', message: '(met)' })
                          : i18n._({ id: 'mf-account.rules.notMet', message: '(not met yet)' })}
                      </span>
                    </li>
                  );
                })}
              </ul>
              <Button
                type="submit"
                className={screen.full}
                busy={submit.pending}
                busyLabel={i18n._({ id: 'mf-account.changePassword.busy', message: 'Changing…' })}
              >
                {i18n._({ id: 'mf-account.changePassword.submit', message: 'Change password' })}
              </Button>
            </SubmitForm>
            <div className={screen.links}>
              <Link to={paths.profile()}>
                {i18n._({
                  id: 'mf-account.changePassword.backToProfile',
                  message: 'Back to profile',
                })}
              </Link>
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
