import { i18n } from '@streamflix/shared';

/**
 * The words of the screen a page shows when the shell cannot start. The page's HTML shows them in
 * the viewer's language when the shell's entry or bootstrap cannot be downloaded: it carries them,
 * read from the shell's compiled catalogs when the page is served (shell/scripts/boot-failure.cjs),
 * so they are translated where every other message is. The shell's own start-up error
 * (bootstrap.tsx) shows them when its composition cannot be read.
 */
export function bootText() {
  return {
    title: i18n._({ id: 'shell.boot.title', message: 'Streamflix could not start' }),
    body: i18n._({
      id: 'shell.boot.body',
      message: 'Part of the app could not be downloaded. Check your connection and try again.',
    }),
    retry: i18n._({ id: 'shell.boot.retry', message: 'Retry' }),
  };
}
