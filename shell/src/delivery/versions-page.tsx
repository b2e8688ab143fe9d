import { useEffect, useState, useSyncExternalStore } from 'react';
import { Page } from '@streamflix/shared';
import { REMOTE_NAMES } from '@streamflix/composition';
import {
  getComposition,
  getStatuses,
  resolveRemote,
  subscribeStatuses,
  type RemoteStatus,
} from '../composition/remote-registry';
import { getApiVersion } from '../api/get-api-version';
import {
  describeArm,
  describeCompositionSource,
  getCompositionSource,
  type CompositionSource,
} from './get-composition-source';
import styles from './versions-page.module.css';

const SHELL_VERSION = process.env.APP_VERSION ?? 'unknown';
const SHELL_COMMIT = process.env.APP_COMMIT || 'not recorded';

function useApiVersion(api: string | undefined): string {
  const [version, setVersion] = useState('checking…');
  useEffect(() => {
    if (!api) return;
    const aborted = new AbortController();
    getApiVersion(api, aborted.signal)
      .then(setVersion)
      .catch((e: unknown) => {
        if (!aborted.signal.aborted)
          setVersion(`unreachable (${e instanceof Error ? e.message : 'error'})`);
      });
    return () => aborted.abort();
  }, [api]);
  return version;
}

/** Where the host got the document; undefined while asking, null when the host does not say. */
function useCompositionSource(): CompositionSource | null | undefined {
  const [source, setSource] = useState<CompositionSource | null | undefined>(undefined);
  useEffect(() => {
    const aborted = new AbortController();
    getCompositionSource(aborted.signal)
      .then(setSource)
      .catch(() => {
        if (!aborted.signal.aborted) setSource(null);
      });
    return () => aborted.abort();
  }, []);
  return source;
}

const SOURCE_LABEL: Record<RemoteStatus['source'], string> = {
  environment: 'environment',
  override: 'override (this browser)',
  fallback: 'fallback (last known-good)',
};

function GateCell({ status }: { status: RemoteStatus }) {
  if (status.gate === 'pending') return <>checking…</>;
  return (
    <>
      <span className={status.gate === 'passed' ? styles.ok : styles.refused}>{status.gate}</span>
      {status.problems.length > 0 && (
        <ul className={styles.problems}>
          {status.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * What is live, for the teams and staging operators (not linked for viewers):
 * per remote, the version expected and the build actually running.
 */
export default function VersionsPage() {
  const statuses = useSyncExternalStore(subscribeStatuses, getStatuses, getStatuses);
  const doc = getComposition();
  const apiVersion = useApiVersion(doc?.api);
  const source = useCompositionSource();
  useEffect(() => {
    document.title = 'Versions · Streamflix';
    // Gate every remote (manifests only; nothing is mounted) so the table is complete.
    for (const name of REMOTE_NAMES) resolveRemote(name).catch(() => undefined);
  }, []);
  return (
    <Page className={styles.page}>
      <h1>Versions</h1>
      <dl className={styles.summary}>
        <dt>Environment</dt>
        <dd>{doc?.environment ?? 'unknown'}</dd>
        {source && (
          <>
            <dt>Composition</dt>
            <dd
              data-testid="composition-source"
              className={
                source.source === 'control-plane' && source.failingSince
                  ? styles.refused
                  : undefined
              }
            >
              {describeCompositionSource(source)}
            </dd>
          </>
        )}
        <dt>Shell</dt>
        <dd>
          {SHELL_VERSION} (commit {SHELL_COMMIT})
        </dd>
        <dt>API contract</dt>
        <dd>
          {apiVersion} at {doc?.api}
        </dd>
      </dl>
      <div className={styles.scroll} tabIndex={0} role="region" aria-label="Remotes">
        <table className={styles.table}>
          <caption className="sf-visually-hidden">Remotes running in this browser</caption>
          <thead>
            <tr>
              <th scope="col">Remote</th>
              <th scope="col">Expected</th>
              <th scope="col">Loaded build</th>
              <th scope="col">Commit</th>
              <th scope="col">Built</th>
              <th scope="col">Manifest</th>
              <th scope="col">Source</th>
              <th scope="col">Mount</th>
              <th scope="col">Arm</th>
              <th scope="col">Gate</th>
              <th scope="col">Load time</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((s) => (
              <tr key={s.remote} data-remote={s.remote}>
                <th scope="row">{s.remote}</th>
                <td>{s.expected}</td>
                <td>{s.build?.version ?? '—'}</td>
                <td>{s.build?.commit ?? '—'}</td>
                <td>{s.build?.builtAt ? new Date(s.build.builtAt).toLocaleString() : '—'}</td>
                <td className={styles.url}>{s.manifest}</td>
                <td>{SOURCE_LABEL[s.source]}</td>
                <td>{s.mount}</td>
                <td data-testid="arm">{describeArm(source?.arms?.[s.remote])}</td>
                <td>
                  <GateCell status={s} />
                </td>
                <td>{s.loadMs === undefined ? 'not loaded yet' : `${s.loadMs} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Page>
  );
}
