import { useState } from 'react';
import { Button } from '@streamflix/shared';
import { getComposition } from '../composition/remote-registry';
import {
  activeOverrides,
  clearOverrides,
  dismissRefusal,
  overrideRefusal,
  previewOverride,
} from '../composition/overrides';
import styles from './override-pill.module.css';

/**
 * On every page while this browser runs another build of a remote: what is
 * overridden, and one click back to the environment's builds.
 */
export function OverridePill() {
  const [refusal, setRefusal] = useState(overrideRefusal);
  const doc = getComposition();
  const active = doc ? Object.entries(activeOverrides(doc)) : [];
  const preview = previewOverride();
  if (!active.length && !refusal) return null;
  const reset = () => {
    clearOverrides();
    // Remotes already loaded stay in memory: a reload starts from the environment's builds.
    location.reload();
  };
  return (
    <div className={styles.bar}>
      {active.length > 0 && (
        <aside className={styles.pill} aria-label="Override active" data-testid="override-pill">
          <span className={styles.text}>
            <strong>Override active</strong> —{' '}
            {active.map(([remote, url]) => (
              <span key={remote} className={styles.item}>
                {remote} → <code>{url}</code>
                {preview?.remote === remote && preview.manifest === url
                  ? ` (preview link, this tab only, until ${preview.expiresAt.slice(11, 16)} UTC)`
                  : null}
              </span>
            ))}
          </span>
          <Button variant="secondary" onClick={reset}>
            Reset
          </Button>
        </aside>
      )}
      {refusal && (
        <p role="alert" className={styles.refusal}>
          <span className={styles.text}>{refusal}</span>
          <Button
            variant="ghost"
            onClick={() => {
              dismissRefusal();
              setRefusal(null);
            }}
          >
            Dismiss
          </Button>
        </p>
      )}
    </div>
  );
}
