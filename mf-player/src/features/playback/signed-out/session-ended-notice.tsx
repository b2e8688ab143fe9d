import { useNavigate } from 'react-router-dom';
import { Button, paths, useCatalogs, useI18n } from '@streamflix/shared';
import type { NoticeStyles } from '../components/watch-notices';
import { dismissSessionEnded } from '../session-ended';
import { signedOutCatalogs } from './locales/catalogs';

/** Fetches this part's catalog in `language` ahead of need (the watch screen, once it has settled). */
export const preloadCatalogs = (language: string): Promise<void> =>
  signedOutCatalogs.ready(language);

/**
 * The viewer was signed out while watching (the shared client saw the session end). Rare: loaded
 * when it happens, with its catalogs (docs/i18n.md, "Parts").
 */
export default function SessionEndedNotice({ styles }: { styles: NoticeStyles }) {
  useCatalogs(signedOutCatalogs);
  const i18n = useI18n();
  const navigate = useNavigate();
  return (
    <div className={styles.stage}>
      <div className={styles.notice} role="alert">
        <p className={styles.noticeTitle}>
          {i18n._({
            id: 'mf-player.sessionEnded.title',
            message: 'You’ve been signed out, so playback stopped.',
          })}
        </p>
        <p>
          {i18n._({
            id: 'mf-player.sessionEnded.cause',
            message:
              'Your session ended: this account was signed out on another device, its password was changed, or it stayed signed in too long.',
          })}
        </p>
        <p>
          {i18n._({
            id: 'mf-player.sessionEnded.next',
            message: 'Sign in again to keep watching from where you were.',
          })}
        </p>
        <Button
          onClick={() => {
            dismissSessionEnded();
            navigate(paths.login(), { state: { from: location.pathname } });
          }}
        >
          {i18n._({ id: 'mf-player.sessionEnded.signIn', message: 'Sign in again' })}
        </Button>
        <Button variant="secondary" onClick={dismissSessionEnded}>
          {i18n._({ id: 'mf-player.sessionEnded.guest', message: 'Continue as a guest' })}
        </Button>
      </div>
    </div>
  );
}
