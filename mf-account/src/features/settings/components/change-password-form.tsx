import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAtom } from 'jotai';
import { Button, Card, logoutAll, paths, useSession } from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import { PASSWORD_HINT } from '../../../lib/password-hint';
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
const validate = (v: Fields) => ({
  current: v.current ? undefined : 'Enter your current password.',
  next: !v.next
    ? 'Choose a new password.'
    : v.next.length < MIN
      ? `Use at least ${MIN} characters.`
      : v.next.length > MAX
        ? `Use at most ${MAX} characters.`
        : v.next === v.current
          ? 'Choose a password different from the current one.'
          : undefined,
  confirm: !v.confirm
    ? 'Type the new password again.'
    : v.confirm !== v.next
      ? 'The passwords do not match.'
      : undefined,
});

const RULES = [
  { label: `At least ${MIN} characters`, test: (v: Fields) => v.next.length >= MIN },
  {
    label: 'Different from your current password',
    test: (v: Fields) => v.next.length > 0 && v.next !== v.current,
  },
  {
    label: 'Both new passwords match',
    test: (v: Fields) => v.confirm.length > 0 && v.confirm === v.next,
  },
];

/**
 * /change-password: current, new and confirm. The API signs every other
 * session out on success; the viewer may also end this one.
 */
export function ChangePasswordForm() {
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
          <h1 className={screen.title}>Change password</h1>
          <p>
            You sign in with Google, Apple or Facebook, so there is no Streamflix password to
            change.
          </p>
          <Link to={paths.profile()}>Back to profile</Link>
        </Card>
      </main>
    );
  }

  return (
    <main className={screen.center}>
      <Card className={screen.panel}>
        <h1 className={screen.title}>Change password</h1>
        {changed ? (
          <>
            <p className={screen.success} role="status">
              Your password was changed. For your security, every other device was signed out.
            </p>
            <p className={screen.muted}>
              Not sure this device is safe either? Sign out everywhere, including here.
            </p>
            <div className={screen.row}>
              <Button
                variant="secondary"
                onClick={() => void signOutEverywhere()}
                busy={leaving}
                busyLabel="Signing out…"
              >
                Sign out of all devices
              </Button>
              <Link to={paths.profile()} onClick={() => setChanged(false)}>
                Back to profile
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className={screen.lead}>
              Changing your password signs you out on every other device.
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
                label="Current password"
                autoComplete="current-password"
                required
                {...form.field('current')}
              />
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                hint={PASSWORD_HINT}
                {...form.field('next')}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                {...form.field('confirm')}
              />
              <ul className={screen.muted} style={{ margin: 0, paddingInlineStart: '1.2em' }}>
                {RULES.map((rule) => {
                  const ok = rule.test(form.values);
                  return (
                    <li
                      key={rule.label}
                      style={{ color: ok ? 'var(--sf-color-success)' : undefined }}
                    >
                      {rule.label}
                      <span className="sf-visually-hidden">{ok ? ' (met)' : ' (not met yet)'}</span>
                    </li>
                  );
                })}
              </ul>
              <Button
                type="submit"
                className={screen.full}
                busy={submit.pending}
                busyLabel="Changing…"
              >
                Change password
              </Button>
            </SubmitForm>
            <div className={screen.links}>
              <Link to={paths.profile()}>Back to profile</Link>
            </div>
          </>
        )}
      </Card>
    </main>
  );
}
