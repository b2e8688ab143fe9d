import { useState, type FormEvent } from 'react';
import { Button, Dialog, failureMessage, FlagIcon } from '@streamflix/shared';
import { sendLogReport } from '../api/send-log-report';
import styles from './report-problem.module.css';

export interface ReportProblemProps {
  titleId: string;
  episodeId: string | null;
  /** Player state at the moment of the report (rendition, buffer, recent errors). */
  collect: () => Record<string, unknown>;
  className?: string;
}

const PROBLEMS = [
  'Video does not play',
  'Buffering or poor quality',
  'Audio and video out of sync',
  'Subtitles are wrong',
  'Something else',
];

export function ReportProblem({ titleId, episodeId, collect, className }: ReportProblemProps) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState(PROBLEMS[0]!);
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

  const close = () => {
    setOpen(false);
    setState({ kind: 'idle' });
    setNote('');
  };

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label="Report a problem"
      >
        <FlagIcon />
      </button>
      <Dialog open={open} title="Report a problem" onClose={close}>
        {state.kind === 'sent' ? (
          <div className={styles.form}>
            <p role="status">
              Thanks — your report was sent with the playback details. We&apos;ll look into it.
            </p>
            <div className={styles.actions}>
              <Button onClick={close}>Close</Button>
            </div>
          </div>
        ) : (
          <form className={styles.form} onSubmit={submit}>
            <fieldset className={styles.fieldset}>
              <legend>What went wrong?</legend>
              {PROBLEMS.map((p) => (
                <label key={p} className={styles.option}>
                  <input
                    type="radio"
                    name="problem"
                    value={p}
                    checked={problem === p}
                    onChange={() => setProblem(p)}
                  />
                  {p}
                </label>
              ))}
            </fieldset>
            <label className={styles.noteLabel}>
              Details (optional)
              <textarea
                className={styles.note}
                value={note}
                maxLength={500}
                rows={3}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            <p className={styles.hint}>
              We include the video quality, buffer, recent errors and your browser.
            </p>
            {state.kind === 'error' ? (
              <p role="alert" className={styles.error}>
                {state.message}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={state.kind === 'sending'}>
                {state.kind === 'sending' ? 'Sending…' : 'Send report'}
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
