/**
 * The control plane's console: sign in with a token, see each environment's remotes, read the history
 * and the audit, roll a remote back. Every action is a /v1 call the CLIs can make too; the token is
 * kept in this tab's sessionStorage only.
 */
import '@streamflix/shared/tokens.css';
import './console.css';
import type { Session } from '../schemas';
import { ApiError, ConsoleApi } from './api';
import { AuditPanel } from './audit-panel';
import { fill, h, time, uid } from './dom';
import { actorName } from './format';
import { Notices } from './notices';
import { RemotesPanel } from './remotes-panel';
import { SignalsPanel } from './signals-panel';

const TOKEN_KEY = 'streamflix-control-plane-token';

const byId = (id: string) => document.getElementById(id)!;
const view = byId('view');
const identity = byId('identity');
const main = byId('main');
const notices = new Notices(byId('status'), byId('alert'));

function signOut(why?: string) {
  sessionStorage.removeItem(TOKEN_KEY);
  fill(identity);
  notices.clear();
  if (why) notices.problem(`Signed out: ${why}`);
  else notices.ok('Signed out. The token was removed from this tab.');
  showSignIn();
}

function showSignIn() {
  document.title = 'Sign in · Control plane console';
  const id = uid('token');
  const help = uid('token-help');
  const input = h('input', {
    id,
    name: 'token',
    type: 'password',
    required: true,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': help,
  });
  const form = h(
    'form',
    {
      class: 'signin-form',
      onsubmit: (event: Event) => {
        event.preventDefault();
        void signIn(input.value.trim(), input);
      },
    },
    h('div', { class: 'field' }, h('label', { for: id }, 'Control-plane token'), input),
    h(
      'p',
      { id: help, class: 'hint' },
      'A team token (',
      h('code', {}, 'npm run delivery -- token create --team <team>'),
      ') or an environment owner’s (',
      h('code', {}, '--env-owner <environment>'),
      '). It is kept in this tab only, until you sign out or close it.',
    ),
    h('button', { type: 'submit', class: 'button button-primary' }, 'Sign in'),
  );
  fill(
    view,
    h(
      'section',
      { class: 'card signin', 'aria-labelledby': 'signin-title' },
      h('h1', { id: 'signin-title' }, 'Sign in to the control plane'),
      form,
    ),
  );
  input.focus();
}

async function signIn(token: string, input: HTMLInputElement) {
  if (!token) return;
  notices.clear();
  let session: Session;
  try {
    session = await new ConsoleApi(token).session();
  } catch (err) {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    notices.problem(
      err instanceof ApiError && err.status === 401
        ? `Not signed in: ${err.message}`
        : `Not signed in: ${err instanceof Error ? err.message : String(err)}`,
    );
    return;
  }
  sessionStorage.setItem(TOKEN_KEY, token);
  await showConsole(new ConsoleApi(token), session, true);
}

async function showConsole(api: ConsoleApi, session: Session, focus = false) {
  document.title = 'Control plane console · StreamFlix delivery';
  fill(
    identity,
    h(
      'p',
      { class: 'who', 'data-testid': 'identity' },
      'Signed in as ',
      h('strong', {}, actorName(session)),
      h(
        'span',
        { class: 'muted small' },
        ` · token ${session.tokenId} · expires `,
        time(session.expiresAt),
      ),
    ),
    h('button', { type: 'button', class: 'button', onclick: () => signOut() }, 'Sign out'),
  );
  const expired = (why: string) => signOut(why);
  const audit = new AuditPanel(api, notices, expired);
  const remotes = new RemotesPanel(api, notices, audit.refresh, expired);
  const signals = new SignalsPanel(api, notices, expired);
  const pickerId = uid('environment');
  const picker = h('select', { id: pickerId });
  const bar = h(
    'form',
    {
      class: 'env-bar',
      'aria-label': 'Environment picker',
      onsubmit: (event: Event) => {
        event.preventDefault();
        void open(picker.value);
      },
    },
    h('div', { class: 'field' }, h('label', { for: pickerId }, 'Environment'), picker),
    h('button', { type: 'submit', class: 'button button-primary' }, 'Show environment'),
  );
  fill(
    view,
    h('h1', { class: 'page-title' }, 'Environments'),
    bar,
    remotes.element,
    signals.element,
    audit.element,
  );
  let environments: string[];
  try {
    environments = (await api.environments()).items.map((e) => e.environment);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return expired(err.message);
    notices.problem(`The environments could not be listed: ${(err as Error).message}`);
    return;
  }
  fill(
    picker,
    environments.map((e) => h('option', { value: e }, e)),
  );
  const wanted = new URLSearchParams(location.hash.slice(1)).get('environment');
  const first = wanted && environments.includes(wanted) ? wanted : environments[0];

  async function open(environment: string | undefined) {
    if (!environment) return;
    picker.value = environment;
    history.replaceState(null, '', `#environment=${encodeURIComponent(environment)}`);
    await Promise.all([remotes.load(environment), signals.load(environment)]);
    const names = remotes.remotes.map((r) => r.remote);
    const teams = [...new Set(remotes.remotes.map((r) => r.team).filter((t): t is string => !!t))];
    audit.setChoices({ environments, remotes: names, teams });
    await audit.show(environment);
  }
  await open(first);
  // After signing in, focus leaves the removed form for the page's content.
  if (focus) main.focus();
}

async function start() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) return showSignIn();
  const api = new ConsoleApi(token);
  try {
    await showConsole(api, await api.session());
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return signOut(err.message);
    notices.problem(`The control plane could not be reached: ${(err as Error).message}`);
    showSignIn();
  }
}

void start();
