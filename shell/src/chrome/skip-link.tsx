import styles from './skip-link.module.css';

/** The first focusable element of every page, ahead of the install banner and the header. */
export function SkipLink({ target }: { target: string }) {
  return (
    <a className={styles.skip} href={`#${target}`}>
      Skip to content
    </a>
  );
}
