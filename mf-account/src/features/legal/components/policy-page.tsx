import { Link } from 'react-router-dom';
import { QueryState, Skeleton, paths } from '@streamflix/shared';
import { usePolicy, type PolicySlug } from '../api/get-policy';
import { PolicyBody } from './policy-body';
import screen from '../../../lib/screen.module.css';
import styles from './legal.module.css';

/** /privacy-policy and /terms: the CMS page, with a fixed heading so the screen always has its h1. */
export function PolicyPage({ slug, heading }: { slug: PolicySlug; heading: string }) {
  const page = usePolicy(slug);
  return (
    <main className={`${screen.wide} ${styles.policy}`}>
      <h1 className={screen.title}>{heading}</h1>
      <QueryState
        query={page}
        pending={<Skeleton height={320} label={`Loading the ${heading.toLowerCase()}`} />}
      >
        {(policy) => (
          <>
            <p className={screen.muted}>
              Last updated{' '}
              <time dateTime={policy.updatedAt}>
                {new Date(policy.updatedAt).toLocaleDateString(undefined, { dateStyle: 'long' })}
              </time>
            </p>
            <PolicyBody sections={policy.sections} />
            <p className={screen.section}>
              {slug === 'terms' ? (
                <Link to={paths.privacyPolicy()}>Read the privacy policy</Link>
              ) : (
                <Link to={paths.terms()}>Read the terms and conditions</Link>
              )}
            </p>
          </>
        )}
      </QueryState>
    </main>
  );
}
