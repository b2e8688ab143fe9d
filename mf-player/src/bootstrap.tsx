import { createRoot } from 'react-dom/client';
import '@streamflix/shared/tokens.css';
import { setRuntimeConfig } from '@streamflix/shared';
import { IsolatedRoot } from './isolated-root';
import { remoteRoutes } from './remote-routes';

/**
 * Standalone harness: mf-player on its own port, without the shell or the other
 * remotes, against the API at http://localhost:4000 (override with ?api=).
 */

const api = new URLSearchParams(location.search).get('api');
if (api) setRuntimeConfig({ apiOrigin: api });

function HarnessNav() {
  return (
    <nav
      aria-label="mf-player screens"
      style={{ padding: '0.5rem 1rem', borderBottom: '1px solid var(--sf-color-border)' }}
    >
      <strong>mf-player harness</strong>{' '}
      {remoteRoutes.map((r) => (
        <a key={r.path} href={r.path.replace(/:[^/]+/g, '1')} style={{ marginLeft: '0.75rem' }}>
          {r.name}
        </a>
      ))}
    </nav>
  );
}

createRoot(document.getElementById('root')!).render(
  <>
    <HarnessNav />
    <IsolatedRoot />
  </>,
);
