import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react';
import { QueryState, Skeleton, paths, useFormat, useI18n } from '@streamflix/shared';
import { usePolicy, type PolicySlug } from '../api/get-policy';
import { PolicyBody } from './policy-body';
import screen from '../../../lib/screen.module.css';
import styles from './legal.module.css';

/** /privacy-policy and /terms: the CMS page, with a fixed heading so the screen always has its h1. */
export function PolicyPage({ slug, heading }: { slug: PolicySlug; heading: string }) {
  const i18n = useI18n();
  const f = useFormat();
  const page = usePolicy(slug);
  return (
    <main className={`${screen.wide} ${styles.policy}`}>
      <h1 className={screen.title}>{heading}</h1>
      <QueryState
        query={page}
        pending={
          <Skeleton
            height={320}
            label={i18n._({
              id: 'mf-account.legal.loading',
              message:
                '{slug, select, terms {Loading the terms and conditions} other {Loading the privacy policy}}',
              values: { slug },
            })}
          />
        }
      >
        {(policy) => (
          <>
            <p className={screen.muted}>
              <Trans
                id="mf-account.legal.updated"
                message="Last updated <0>{date}</0>"
                values={{ date: f.formatDate(policy.updatedAt) }}
                components={{ 0: <time dateTime={policy.updatedAt} /> }}
              />
            </p>
            <PolicyBody sections={policy.sections} />
            <p className={screen.section}>
              {slug === 'terms' ? (
                <Link to={paths.privacyPolicy()}>
                  {i18n._({
                    id: 'mf-account.legal.readPrivacy',
                    message: 'Read the privacy policy',
                  })}
                </Link>
              ) : (
                <Link to={paths.terms()}>
                  {i18n._({
                    id: 'mf-account.legal.readTerms',
                    message: 'Read the terms and conditions',
                  })}
                </Link>
              )}
            </p>
          </>
        )}
      </QueryState>
    </main>
  );
}
