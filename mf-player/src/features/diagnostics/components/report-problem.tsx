import { lazy, Suspense, useState } from 'react';
import { FlagIcon, useI18n } from '@streamflix/shared';

// The form is loaded when opened, with its own catalogs (docs/i18n.md, "Parts").
const ReportProblemDialog = lazy(() => import('../report/report-problem-dialog'));

export interface ReportProblemProps {
  titleId: string;
  episodeId: string | null;
  /** Player state at the moment of the report (rendition, buffer, recent errors). */
  collect: () => Record<string, unknown>;
  className?: string;
}

/** The control bar's "Report a problem" button; the form opens in a dialog. */
export function ReportProblem({ titleId, episodeId, collect, className }: ReportProblemProps) {
  const [open, setOpen] = useState(false);
  const i18n = useI18n();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={i18n._({ id: 'mf-player.report.title', message: 'Report a problem' })}
      >
        <FlagIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportProblemDialog
            titleId={titleId}
            episodeId={episodeId}
            collect={collect}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
