import { useCatalogs, useI18n } from '@streamflix/shared';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, failureMessage } from '@streamflix/shared';
import { sendLogReport } from '../api/send-log-report';
import styles from '../components/report-problem.module.css';
import { reportCatalogs } from './locales/catalogs';

export interface ReportProblemDialogProps {
  titleId: string;
  episodeId: string | null;
  /** Player state at the moment of the report (rendition, buffer, recent errors). */
  collect: () => Record<string, unknown>;
  onClose: () => void;
}

/** The report names the problem in English (read by the team); the viewer reads it in their language. */
const PROBLEMS = [
  'Video does not play',
  'Buffering or poor quality',
  'Audio and video out of sync',
  'Subtitles are wrong',
  'Something else',
] as const;

function problemLabel(
  i18n: ReturnType<typeof useI18n>,
  problem: (typeof PROBLEMS)[number],
): string {
  switch (problem) {
    case 'Video does not play':
      return i18n._({ id: 'mf-player.report.problem.noPlay', message: 'Video does not play' });
    case 'Buffering or poor quality':
      return i18n._({
        id: 'mf-player.report.problem.buffering',
        message: 'Buffering or poor quality',
      });
    case 'Audio and video out of sync':
      return i18n._({
        id: 'mf-player.report.problem.sync',
        message: 'Audio and video out of sync',
      });
    case 'Subtitles are wrong':
      return i18n._({ id: 'mf-player.report.problem.subtitles', message: 'Subtitles are wrong' });
    case 'Something else':
      return i18n._({ id: 'mf-player.report.problem.other', message: 'Something else' });
  }
}

/**
 * The "Report a problem" form, loaded when the viewer opens it, with its catalogs (docs/i18n.md,
 * "Parts"). Closing unmounts it, so the next report starts empty.
 */
export default function ReportProblemDialog({
  titleId,
  episodeId,
  collect,
  onClose,
}: ReportProblemDialogProps) {
  useCatalogs(reportCatalogs);
  const i18n = useI18n();
  const [problem, setProblem] = useState<(typeof PROBLEMS)[number]>(PROBLEMS[0]);
  const [note, setNote] = useState('');
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }
  >({ kind: 'idle' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState({ kind: 'sending' });
    let details: Record<string, unknown> = {};
    try {
      details = collect();
    } catch {
      details = { collectFailed: true };
    }
    const result = await sendLogReport({
      kind: 'report-problem',
      message: note.trim() ? `${problem}: ${note.trim()}`.slice(0, 1000) : problem,
      titleId,
      episodeId,
      details: {
        ...details,
        userAgent: navigator.userAgent,
        url: location.href,
        viewport: `${window.innerWidth}x${window.innerHeight}`,
        online: navigator.onLine,
      },
    });
    setState(result.status ? { kind: 'sent' } : { kind: 'error', message: failureMessage(result) });
  };

  const close = onClose;

  return (
    <Dialog
      open
      title={i18n._({ id: 'mf-player.report.title', message: 'Report a problem' })}
      onClose={close}
    >
      {state.kind === 'sent' ? (
        <div className={styles.form}>
          <p role="status">
            {i18n._({
              id: 'mf-player.report.sent',
              message:
                'Thanks — your report was sent with the playback details. We’ll look into it.',
            })}
          </p>
          <div className={styles.actions}>
            <Button onClick={close}>{i18n._({ id: 'mf-player.close', message: 'Close' })}</Button>
          </div>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit}>
          <fieldset className={styles.fieldset}>
            <legend>
              {i18n._({ id: 'mf-player.report.whatWentWrong', message: 'What went wrong?' })}
            </legend>
            {PROBLEMS.map((p) => (
              <label key={p} className={styles.option}>
                <input
                  type="radio"
                  name="problem"
                  value={p}
                  checked={problem === p}
                  onChange={() => setProblem(p)}
                />
                {problemLabel(i18n, p)}
              </label>
            ))}
          </fieldset>
          <label className={styles.noteLabel}>
            {i18n._({ id: 'mf-player.report.details', message: 'Details (optional)' })}
            <textarea
              className={styles.note}
              value={note}
              maxLength={500}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <p className={styles.hint}>
            {i18n._({
              id: 'mf-player.report.hint',
              message: 'We include the video quality, buffer, recent errors and your browser.',
            })}
          </p>
          {state.kind === 'error' ? (
            <p role="alert" className={styles.error}>
              {state.message}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={close}>
              {i18n._({ id: 'mf-player.cancel', message: 'Cancel' })}
            </Button>
            <Button type="submit" disabled={state.kind === 'sending'}>
              {state.kind === 'sending'
                ? i18n._({ id: 'mf-player.report.sending', message: 'Sending…' })
                : i18n._({ id: 'mf-player.report.send', message: 'Send report' })}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
