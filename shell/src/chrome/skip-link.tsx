import { useI18n } from '@streamflix/shared';
import styles from './skip-link.module.css';

/** The first focusable element of every page, ahead of the install banner and the header. */
export function SkipLink({ target }: { target: string }) {
  const i18n = useI18n();
  return (
    <a className={styles.skip} href={`#${target}`}>
      {i18n._({ id: 'shell.skipLink', message: 'Skip to content' })}
    </a>
  );
}
