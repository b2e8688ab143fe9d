import type { AuditRow } from '../schemas';
import { ApiError, type AuditFilters, type ConsoleApi } from './api';
import { fill, h, time, uid } from './dom';
import { actorName, gateState, versionChange } from './format';
import type { Notices } from './notices';

type FilterName = 'environment' | 'remote' | 'team' | 'outcome' | 'action';

/**
 * The history and the audit, newest first, filtered as GET /v1/audit filters (environment, remote,
 * team, outcome, action). Applied rows are the history; refused rows are who tried what and why not.
 */
export class AuditPanel {
  readonly element: HTMLElement;
  private readonly selects = {} as Record<FilterName, HTMLSelectElement>;
  private readonly summary = h('p', { class: 'meta' });
  private readonly rows = h('tbody');
  private readonly more: HTMLButtonElement;
  private filters: AuditFilters = {};
  private nextBefore: number | null = null;

  constructor(
    private readonly api: ConsoleApi,
    private readonly notices: Notices,
    private readonly signedOut: (why: string) => void,
  ) {
    const field = (name: FilterName, label: string) => {
      const id = uid(`filter-${name}`);
      this.selects[name] = h('select', { id, name });
      return h('div', { class: 'field' }, h('label', { for: id }, label), this.selects[name]);
    };
    this.more = h(
      'button',
      { type: 'button', class: 'button', hidden: true, onclick: () => void this.load(true) },
      'Show older entries',
    );
    const form = h(
      'form',
      {
        class: 'filters',
        'aria-label': 'Audit filters',
        onsubmit: (event: Event) => {
          event.preventDefault();
          this.filters = this.read();
          void this.load(false);
        },
      },
      field('environment', 'Environment'),
      field('remote', 'Remote'),
      field('team', 'Team'),
      field('outcome', 'Outcome'),
      field('action', 'Change'),
      h(
        'div',
        { class: 'field field-actions' },
        h('button', { type: 'submit', class: 'button button-primary' }, 'Show entries'),
      ),
    );
    this.element = h(
      'section',
      { class: 'card', 'aria-labelledby': 'audit-title' },
      h('h2', { id: 'audit-title' }, 'History and audit'),
      h(
        'p',
        { class: 'meta' },
        'Every applied edit (the history) and every edit refused for its scope, newest first. Rows are never changed.',
      ),
      form,
      this.summary,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'grid', 'data-testid': 'audit' },
          h('caption', { class: 'sf-visually-hidden' }, 'Audit entries, newest first'),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              [
                'When',
                'Environment',
                'Remote',
                'Change',
                'Who',
                'Versions',
                'Outcome',
                'Revision',
                'Details',
              ].map((label) => h('th', { scope: 'col' }, label)),
            ),
          ),
          this.rows,
        ),
      ),
      this.more,
    );
  }

  /** The choices each filter offers (environments and remotes as the control plane lists them). */
  setChoices(choices: { environments: string[]; remotes: string[]; teams: string[] }) {
    const options = (select: HTMLSelectElement, any: string, values: string[]) => {
      const kept = select.value;
      fill(
        select,
        h('option', { value: '' }, any),
        values.map((v) => h('option', { value: v }, v)),
      );
      select.value = values.includes(kept) ? kept : '';
    };
    options(this.selects.environment, 'Any environment', choices.environments);
    options(this.selects.remote, 'Any remote', choices.remotes);
    options(this.selects.team, 'Any team', choices.teams);
    options(this.selects.outcome, 'Any outcome', ['applied', 'refused']);
    options(this.selects.action, 'Any change', [
      'set',
      'rollback',
      'patch',
      'deploy',
      'canary',
      'promote',
      'abort',
      'preview',
    ]);
  }

  /** Shows one environment's entries (the filters follow the environment picked above). */
  async show(environment: string) {
    this.selects.environment.value = environment;
    this.filters = this.read();
    await this.load(false);
  }

  /** Reads the entries again with the filters in force. */
  refresh = () => this.load(false);

  private read(): AuditFilters {
    const value = (name: FilterName) => this.selects[name].value || undefined;
    return {
      environment: value('environment'),
      remote: value('remote'),
      team: value('team'),
      outcome: value('outcome'),
      action: value('action'),
    };
  }

  private async load(older: boolean) {
    let page;
    try {
      page = await this.api.audit({
        ...this.filters,
        ...(older && this.nextBefore ? { before: this.nextBefore } : {}),
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return this.signedOut(err.message);
      return this.notices.problem(
        `The audit could not be read: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (!older) this.rows.replaceChildren();
    this.rows.append(...page.items.map(auditRow));
    this.nextBefore = page.nextBefore;
    this.more.hidden = page.nextBefore === null;
    const shown = this.rows.childElementCount;
    const scope = Object.entries(this.filters)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ');
    fill(
      this.summary,
      `${shown} ${shown === 1 ? 'entry' : 'entries'}${page.nextBefore === null ? '' : ' (more below)'}${scope ? ` for ${scope}` : ''}.`,
    );
    if (!shown)
      this.rows.append(
        h('tr', {}, h('td', { colspan: 9, class: 'muted' }, 'No entries match these filters.')),
      );
  }
}

function auditRow(row: AuditRow) {
  const gate = gateState(row);
  return h(
    'tr',
    { 'data-audit-id': row.id, class: row.outcome === 'refused' ? 'row-refused' : null },
    h('td', { class: 'nowrap' }, time(row.at)),
    h('td', {}, row.environment || 'none (a deploy)'),
    h('td', { class: 'mono' }, row.remote),
    h('td', {}, row.action),
    h(
      'td',
      {},
      h('span', { class: 'block' }, actorName(row)),
      h('span', { class: 'block muted small mono' }, row.tokenId),
    ),
    h('td', { class: 'mono nowrap' }, versionChange(row)),
    h('td', {}, h('span', { class: `badge outcome-${row.outcome}` }, row.outcome)),
    h('td', {}, String(row.revision)),
    h(
      'td',
      { class: 'small' },
      row.message ? h('span', { class: 'block' }, row.message) : null,
      row.outcome === 'applied' || row.gate
        ? h('span', { class: 'block' }, `gate ${gate.state}`)
        : null,
      gate.problems.map((p) => h('span', { class: 'block muted' }, p)),
      row.ciRun ? h('a', { href: row.ciRun, class: 'block' }, 'CI run') : null,
    ),
  );
}
