import { useRef, useState } from 'react';
import { Button, Card } from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import screen from '../../../lib/screen.module.css';
import { exportAccountData } from '../api/export-account-data';
import { dataExportFileName, saveJsonFile } from '../save-json-file';
import { DeleteAccountDialog } from './delete-account-dialog';
import styles from './settings.module.css';

/** Settings' "Your data": a copy of everything the account holds, and deleting the account. */
export function YourData({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  const download = async () => {
    setDownloading(true);
    setStatus(null);
    const r = await exportAccountData();
    setDownloading(false);
    if (!r.status) {
      setStatus({ kind: 'error', text: describeFailure(r) });
      return;
    }
    const fileName = dataExportFileName(r.data.exportedAt);
    saveJsonFile(fileName, r.data);
    setStatus({ kind: 'ok', text: `Your data was downloaded as ${fileName}.` });
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
          Your data
        </h2>
        <p className={screen.muted}>
          Download a copy of everything Streamflix keeps about your account and its profiles: My
          List, ratings, watch history, payments, notifications and devices, as a JSON file.
        </p>
        <div className={screen.row}>
          <Button
            variant="secondary"
            onClick={() => void download()}
            busy={downloading}
            busyLabel="Preparing your data…"
          >
            Download your data
          </Button>
        </div>
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
          Deleting your account cancels your subscription, signs out every device and erases your
          personal data.
        </p>
        <div className={screen.row}>
          <Button
            ref={deleteButton}
            variant="secondary"
            className={styles.destructive}
            onClick={() => setDeleting(true)}
          >
            Delete account
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
