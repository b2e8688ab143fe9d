import { buttonClassName, useI18n } from '@streamflix/shared';
import { getComposition } from '../composition/remote-registry';
import { HELP_BUTTON_ID, toggleHelp, usesLocalHelpWidget } from '../platform/chat-widget';
import styles from './app-header.module.css';

/**
 * Help lives in the header: a floating launcher covered the page's own controls (the player's, a
 * prompt's, the last card of a row). On a phone it is a compact icon button. A chat provider's widget
 * (configured in the composition document) keeps its own launcher instead.
 */
export function HelpButton() {
  const i18n = useI18n();
  if (!usesLocalHelpWidget(getComposition()?.services?.chat)) return null;
  return (
    <button
      id={HELP_BUTTON_ID}
      type="button"
      className={`${buttonClassName('ghost')} ${styles.helpButton}`}
      aria-label={i18n._({ id: 'shell.help.label', message: 'Help' })}
      aria-haspopup="dialog"
      onClick={() => void toggleHelp(getComposition()?.services?.chat)}
    >
      <span aria-hidden="true" className={styles.helpIcon}>
        ?
      </span>
      <span className={`${styles.wideOnly} ${styles.roomyOnly}`} aria-hidden="true">
        {i18n._({ id: 'shell.help.label', message: 'Help' })}
      </span>
    </button>
  );
}
