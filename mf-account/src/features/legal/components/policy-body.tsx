import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { parsePolicyText, type Inline } from '../policy-text';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return (
    <>
      {inlines.map((n, i) =>
        n.type === 'strong' ? (
          <strong key={i}>{n.text}</strong>
        ) : n.type === 'link' ? (
          n.href.startsWith('/') ? (
            <Link key={i} to={n.href}>
              {n.text}
            </Link>
          ) : (
            <a
              key={i}
              href={n.href}
              rel="noopener noreferrer nofollow"
              target={n.href.startsWith('http') ? '_blank' : undefined}
            >
              {n.text}
            </a>
          )
        ) : (
          <Fragment key={i}>{n.text}</Fragment>
        ),
      )}
    </>
  );
}

/** Policy sections from the CMS, rendered as text through our own parser (never as HTML). */
export function PolicyBody({ sections }: { sections: Array<{ heading: string; body: string }> }) {
  return (
    <>
      {sections.map((s, i) => (
        <section key={i} aria-labelledby={`policy-section-${i}`}>
          <h2 id={`policy-section-${i}`}>{s.heading}</h2>
          {parsePolicyText(s.body).map((b, j) =>
            b.type === 'list' ? (
              <ul key={j}>
                {b.items.map((item, k) => (
                  <li key={k}>
                    <Inlines inlines={item} />
                  </li>
                ))}
              </ul>
            ) : (
              <p key={j}>
                <Inlines inlines={b.inlines} />
              </p>
            ),
          )}
        </section>
      ))}
    </>
  );
}
