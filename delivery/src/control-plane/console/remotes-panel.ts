import type { EnvironmentRemotes, RemoteStatus } from '../schemas';
import { ApiError, type ConsoleApi } from './api';
import { fill, h, time } from './dom';
import { actorName, gateState, versionChange, versionOf } from './format';
import type { Notices } from './notices';

/**
 * One environment's remotes: version, manifest, mount, the gate's result and the last move, with a
 * rollback for each remote that has something earlier. The rollback names the revision this table
 * was read at; the control plane refuses it (409) if the environment moved on since.
 */
export class RemotesPanel {
  readonly element: HTMLElement;
  private readonly body = h('div');
  private readonly heading: HTMLHeadingElement;
  private readonly dialog: RollbackDialog;
  private view: EnvironmentRemotes | null = null;

  constructor(
    private readonly api: ConsoleApi,
    private readonly notices: Notices,
    /** Called after a rollback landed or was refused, so the audit shows it. */
    private readonly changed: () => void,
    /** The token is no longer valid. */
    private readonly signedOut: (why: string) => void,
  ) {
    this.heading = h('h2', { id: 'remotes-title', tabindex: -1 }, 'Remotes');
    this.dialog = new RollbackDialog();
    this.element = h(
      'section',
      { class: 'card', 'aria-labelledby': 'remotes-title' },
      this.heading,
      this.body,
      this.dialog.element,
    );
  }

  get remotes(): RemoteStatus[] {
    return this.view?.items ?? [];
  }

  async load(environment: string): Promise<void> {
    fill(this.heading, `Remotes in ${environment}`);
    fill(this.body, h('p', { class: 'muted' }, 'Loading…'));
    try {
      this.view = await this.api.remotes(environment);
    } catch (err) {
      this.view = null;
      fill(this.body);
      return this.failed(err, `${environment} could not be read`);
    }
    this.render(this.view);
  }

  private render(view: EnvironmentRemotes) {
    fill(
      this.body,
      h(
        'p',
        { class: 'meta' },
        `Revision ${view.revision} · updated `,
        time(view.updatedAt),
        ' · a rollback restores what the last set replaced, through the compatibility gate.',
      ),
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'grid', 'data-testid': 'remotes' },
          h(
            'caption',
            { class: 'sf-visually-hidden' },
            `Each remote of ${view.environment}: version, manifest, mount, gate result, last move and rollback`,
          ),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Remote', 'Version and manifest', 'Mount', 'Gate', 'Last moved', 'Rollback'].map(
                (label) => h('th', { scope: 'col' }, label),
              ),
            ),
          ),
          h(
            'tbody',
            {},
            view.items.map((item) => this.row(view, item)),
          ),
        ),
      ),
    );
  }

  private row(view: EnvironmentRemotes, item: RemoteStatus) {
    const gate = gateState(item.lastMove);
    const move = item.lastMove;
    return h(
      'tr',
      { 'data-remote': item.remote },
      h(
        'th',
        { scope: 'row' },
        h('span', { class: 'mono strong' }, item.remote),
        h('span', { class: 'muted block' }, item.team ? `team ${item.team}` : 'no owner listed'),
      ),
      h(
        'td',
        {},
        h('span', { class: 'version' }, versionOf(item.entry)),
        item.entry
          ? h('span', { class: 'mono muted block small break' }, item.entry.manifest)
          : h('span', { class: 'muted block' }, `not in ${view.environment}`),
        item.entry?.fallback
          ? h('span', { class: 'muted block small' }, `fallback ${item.entry.fallback.version}`)
          : null,
        item.entry?.canary
          ? h(
              'span',
              { class: 'block small', 'data-testid': 'canary' },
              `canary ${item.entry.canary.entry.version} at ${item.entry.canary.percent}%`,
            )
          : null,
      ),
      h('td', {}, h('span', { class: 'badge' }, item.entry?.mount ?? 'federated')),
      h(
        'td',
        {},
        h('span', { class: `badge gate-${gate.state.replace(' ', '-')}` }, gate.state),
        gate.problems.length
          ? h(
              'ul',
              { class: 'problems small' },
              gate.problems.map((p) => h('li', {}, p)),
            )
          : null,
      ),
      h(
        'td',
        {},
        move
          ? [
              h('span', { class: 'block' }, `${actorName(move)} · ${move.action}`),
              h('span', { class: 'block small' }, time(move.at)),
              h('span', { class: 'block small mono' }, versionChange(move)),
            ]
          : h('span', { class: 'muted' }, 'not moved since the environment was seeded'),
      ),
      h(
        'td',
        {},
        item.rollbackTo
          ? h(
              'button',
              {
                type: 'button',
                class: 'button',
                onclick: () => void this.rollback(view, item),
              },
              `Roll back ${item.remote} to ${item.rollbackTo.version}`,
            )
          : h('span', { class: 'muted' }, 'nothing earlier'),
      ),
    );
  }

  private async rollback(view: EnvironmentRemotes, item: RemoteStatus) {
    const target = item.rollbackTo!;
    const confirmed = await this.dialog.ask(view, item, target.version);
    if (!confirmed) return;
    this.notices.clear();
    this.notices.ok(`Rolling back ${item.remote} in ${view.environment}: running the gate…`);
    try {
      const result = await this.api.rollback(view.environment, item.remote, view.revision);
      const now = result.document.remotes[item.remote];
      this.notices.ok(
        `${item.remote} in ${view.environment} rolled back from ${versionOf(item.entry)} to ${versionOf(now)}: the gate passed, ${view.environment} is at revision ${result.revision}.`,
      );
    } catch (err) {
      this.notices.ok('');
      this.failed(err, `${item.remote} was not rolled back`, view);
      // A stale table stays as read until the operator reloads it (the alert offers it).
      if (err instanceof ApiError && err.status === 409) return this.changed();
    }
    await this.load(view.environment);
    this.heading.focus();
    this.changed();
  }

  private failed(err: unknown, what: string, view?: EnvironmentRemotes) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 401) return this.signedOut(err.message);
    if (err.status === 403)
      return this.notices.problem(
        `${what}: ${err.message}${err.problem.owner ? ` Ask team ${err.problem.owner} to move it.` : ''}`,
      );
    if (err.status === 409 && view)
      return this.notices.problem(
        h(
          'span',
          {},
          `${what}: the environment moved on, reload. ${view.environment} is at revision ${err.problem.currentRevision ?? '?'} now; this page read revision ${view.revision}. `,
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'button',
            onclick: () => {
              this.notices.clear();
              void this.load(view.environment).then(() => this.heading.focus());
            },
          },
          `Reload ${view.environment}`,
        ),
      );
    this.notices.problem(`${what}: ${err.message}`);
  }
}

/** The confirmation, in a modal <dialog>: focus moves in, Escape cancels, focus returns. */
class RollbackDialog {
  readonly element = h('dialog', {
    class: 'dialog',
    'aria-labelledby': 'rollback-title',
    'aria-describedby': 'rollback-description',
  });

  ask(view: EnvironmentRemotes, item: RemoteStatus, version: string): Promise<boolean> {
    const opener = document.activeElement as HTMLElement | null;
    const form = h(
      'form',
      { method: 'dialog', class: 'actions' },
      h('button', { type: 'submit', value: 'cancel', class: 'button' }, 'Cancel'),
      h(
        'button',
        { type: 'submit', value: 'confirm', class: 'button button-danger' },
        `Roll back to ${version}`,
      ),
    );
    fill(
      this.element,
      h('h2', { id: 'rollback-title' }, `Roll back ${item.remote} in ${view.environment}?`),
      h(
        'p',
        { id: 'rollback-description' },
        `From ${versionOf(item.entry)} to ${version}. The compatibility gate runs again on ${version} against ${view.environment} as it is at revision ${view.revision}; if the environment has moved on since, nothing changes and you are asked to reload.`,
      ),
      form,
    );
    return new Promise((resolve) => {
      this.element.addEventListener(
        'close',
        () => {
          opener?.focus();
          resolve(this.element.returnValue === 'confirm');
        },
        { once: true },
      );
      this.element.returnValue = '';
      this.element.showModal();
    });
  }
}
