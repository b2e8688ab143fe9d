import { useRef, useState, type FormEvent } from 'react';
import { Button, Card, Input, useFormat, useI18n } from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import screen from '../../../lib/screen.module.css';
import { exportAccountData } from '../api/export-account-data';
import { dataExportFileName, saveJsonFile } from '../save-json-file';
import { DeleteAccountDialog } from './delete-account-dialog';
import styles from './settings.module.css';

/** Settings' "Your data": a copy of everything the account holds, and deleting the account. */
export function YourData({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const i18n = useI18n();
  const f = useFormat();
  const [downloading, setDownloading] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  /** Set when the household has PIN-locked profiles: the copy then needs the account password. */
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const download = async (withPassword?: string) => {
    setDownloading(true);
    setStatus(null);
    setPasswordError(null);
    const r = await exportAccountData(withPassword);
    setDownloading(false);
    if (!r.status) {
      if (r.fieldErrors?.password === 'is required') {
        setPasswordFor(r.fieldErrors.profiles ?? '');
        return;
      }
      if (withPassword && r.fieldErrors?.password === 'is incorrect')
        return setPasswordError(
          i18n._({
            id: 'mf-account.yourData.passwordWrong',
            message: 'That password is not right.',
          }),
        );
      setStatus({ kind: 'error', text: describeFailure(r) });
      return;
    }
    const fileName = dataExportFileName(r.data.exportedAt);
    saveJsonFile(fileName, r.data);
    setPasswordFor(null);
    setPassword('');
    const names = r.data.profiles.map((p) => p.name);
    setStatus({
      kind: 'ok',
      text: names.length
        ? i18n._({
            id: 'mf-account.yourData.downloadedWithProfiles',
            message: 'Your data was downloaded as {fileName}. It includes the profiles {profiles}.',
            values: { fileName, profiles: f.formatList(names) },
          })
        : i18n._({
            id: 'mf-account.yourData.downloaded',
            message: 'Your data was downloaded as {fileName}.',
            values: { fileName },
          }),
    });
  };

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    if (!password)
      return setPasswordError(
        i18n._({
          id: 'mf-account.yourData.passwordMissing',
          message: 'Enter the account password.',
        }),
      );
    void download(password);
  };

  const closeDialog = () => {
    setDeleting(false);
    // Back to the control that opened it (the browser does this for a modal; jsdom and older engines don't).
    deleteButton.current?.focus();
  };

  return (
    <Card>
      <section aria-labelledby="your-data-title" className={styles.group}>
        <h2 id="your-data-title" className={screen.sectionTitle}>
          {i18n._({ id: 'mf-account.yourData.title', message: 'Your data' })}
        </h2>
        <p className={screen.muted}>
          {i18n._({
            id: 'mf-account.yourData.lead',
            message:
              'Download a copy of everything Streamflix keeps about your account and its profiles: My List, ratings, watch history, payments, notifications and devices, as a JSON file.',
          })}
        </p>
        <div className={screen.row}>
          <Button
            variant="secondary"
            onClick={() => void download()}
            disabled={passwordFor !== null}
            busy={downloading}
            busyLabel={i18n._({
              id: 'mf-account.yourData.preparing',
              message: 'Preparing your data…',
            })}
          >
            {i18n._({ id: 'mf-account.yourData.download', message: 'Download your data' })}
          </Button>
        </div>
        {passwordFor !== null ? (
          <form
            className={styles.group}
            aria-labelledby="export-password-title"
            onSubmit={submitPassword}
          >
            <p id="export-password-title">
              {passwordFor
                ? i18n._({
                    id: 'mf-account.yourData.lockedNamed',
                    message:
                      'This copy includes PIN-locked profiles ({profiles}): their lists and history are private to them, so enter the account password to download it.',
                    values: { profiles: passwordFor },
                  })
                : i18n._({
                    id: 'mf-account.yourData.locked',
                    message:
                      'This copy includes PIN-locked profiles: their lists and history are private to them, so enter the account password to download it.',
                  })}
            </p>
            <Input
              label={i18n._({ id: 'mf-account.yourData.password', message: 'Account password' })}
              type="password"
              autoFocus
              autoComplete="current-password"
              maxLength={200}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordError ?? undefined}
            />
            <div className={screen.row}>
              <Button
                type="submit"
                busy={downloading}
                busyLabel={i18n._({
                  id: 'mf-account.yourData.preparing',
                  message: 'Preparing your data…',
                })}
              >
                {i18n._({
                  id: 'mf-account.yourData.downloadWithPassword',
                  message: 'Download with password',
                })}
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setPasswordFor(null);
                  setPassword('');
                  setPasswordError(null);
                }}
              >
                {i18n._({ id: 'mf-account.yourData.cancel', message: 'Cancel' })}
              </Button>
            </div>
          </form>
        ) : null}
        <div aria-live="polite">
          {status ? (
            <p
              className={status.kind === 'ok' ? screen.success : screen.alert}
              role={status.kind === 'error' ? 'alert' : 'status'}
            >
              {status.text}
            </p>
          ) : null}
        </div>
        <p className={screen.muted}>
          {i18n._({
            id: 'mf-account.yourData.deleteLead',
            message:
              'Deleting your account cancels your subscription, signs out every device and erases your personal data.',
          })}
        </p>
        <div className={screen.row}>
          <Button
            ref={deleteButton}
            variant="secondary"
            className={styles.destructive}
            onClick={() => setDeleting(true)}
          >
            {i18n._({ id: 'mf-account.yourData.delete', message: 'Delete account' })}
          </Button>
        </div>
      </section>
      <DeleteAccountDialog
        open={deleting}
        onClose={closeDialog}
        email={email}
        hasPassword={hasPassword}
      />
    </Card>
  );
}
