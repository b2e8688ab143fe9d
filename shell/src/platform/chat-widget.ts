import { getAccessToken } from '@streamflix/shared';
import { helpCall, type HelpCall } from '../api/help-call';

/**
 * The customer-chat widget (spec §2): loaded once, after first paint, as a
 * script the page never depends on. A provider configured in the composition
 * document ({ provider, id }) gets its usual snippet; without one the shell
 * loads its own help widget (/help-widget.js), a separate script as a
 * provider's would be, which stores messages through the API.
 */
type Snippet = (id: string, w: Window & Record<string, unknown>) => string;

/** Each provider's documented embed: a global it reads, then its loader script. */
export const CHAT_PROVIDERS: Record<string, Snippet> = {
  crisp: (id, w) => {
    w.$crisp = [];
    w.CRISP_WEBSITE_ID = id;
    return 'https://client.crisp.chat/l.js';
  },
  intercom: (id, w) => {
    w.intercomSettings = { app_id: id };
    return `https://widget.intercom.io/widget/${encodeURIComponent(id)}`;
  },
  tawk: (id) => `https://embed.tawk.to/${id.split('/').map(encodeURIComponent).join('/')}`,
};

export const LOCAL_HELP_WIDGET_URL = '/help-widget.js';

/** What the local widget needs from the shell; it reads this object and nothing else of the page. */
export interface HelpWidgetHost {
  /** The shell's API client (token, refresh on 401, envelope): the widget never handles a token. */
  call: HelpCall;
  isLoggedIn: () => boolean;
  /** false: the page has its own Help button (the header's), so the widget shows no floating launcher. */
  launcher?: boolean;
  /** Where focus goes when the panel closes (the page's Help button). */
  returnFocus?: () => void;
  /** Set by the widget once loaded: opens or closes its panel; answers whether it is open. */
  toggle?: () => boolean;
}

let loaded = false;

/** The header's Help button (the local widget's entry point). */
export const HELP_BUTTON_ID = 'sf-help-button';

/** Whether the local widget is the one in use (a provider's widget brings its own launcher). */
export const usesLocalHelpWidget = (chat?: { provider: string; id: string }): boolean =>
  !chat || !CHAT_PROVIDERS[chat.provider];

/**
 * The header's Help button: the widget loads on demand if the first screen has not settled yet, then
 * its panel opens. Resolves with whether it is open.
 */
export async function toggleHelp(chat?: { provider: string; id: string }): Promise<boolean> {
  loadChatWidget(chat);
  const w = window as unknown as { __STREAMFLIX_HELP__?: HelpWidgetHost };
  for (let i = 0; i < 100 && !w.__STREAMFLIX_HELP__?.toggle; i++)
    await new Promise((r) => setTimeout(r, 50));
  return w.__STREAMFLIX_HELP__?.toggle?.() ?? false;
}

export function loadChatWidget(chat?: { provider: string; id: string }): void {
  if (loaded) return;
  loaded = true;
  const w = window as unknown as Window & Record<string, unknown>;
  let src = LOCAL_HELP_WIDGET_URL;
  try {
    const snippet = chat ? CHAT_PROVIDERS[chat.provider] : undefined;
    if (chat && !snippet)
      console.warn(`[chat] unknown chat provider "${chat.provider}"; using the local help widget`);
    if (chat && snippet) src = snippet(chat.id, w);
    else
      w.__STREAMFLIX_HELP__ = {
        call: helpCall,
        isLoggedIn: () => getAccessToken() !== null,
        launcher: false,
        returnFocus: () => document.getElementById(HELP_BUTTON_ID)?.focus(),
      } satisfies HelpWidgetHost;
  } catch (err) {
    console.warn('[chat] the chat widget could not be set up', err);
    return;
  }
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.onerror = () => console.warn('[chat] the chat widget could not be loaded');
  document.body.append(script);
}
