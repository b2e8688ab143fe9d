import type { SignalSummary } from '../signals/signal-schemas';
import { ApiError, type ConsoleApi } from './api';
import { fill, h, time } from './dom';
import type { Notices } from './notices';

const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v)} ms`);

/**
 * What the browsers report per remote, arm and version over the recent window (sessions, error
 * sessions per 1,000, LCP and INP p75), and each running canary's analysis: its checks so far against
 * its failure limit and what the last check found.
 */
export class SignalsPanel {
  readonly element: HTMLElement;
  private readonly heading = h('h2', { id: 'signals-title' }, 'Browser signals');
  private readonly body = h('div');

  constructor(
    private readonly api: ConsoleApi,
    private readonly notices: Notices,
    private readonly signedOut: (why: string) => void,
  ) {
    this.element = h(
      'section',
      { class: 'card', 'aria-labelledby': 'signals-title' },
      this.heading,
      this.body,
    );
  }

  async load(environment: string): Promise<void> {
    fill(this.heading, `Browser signals in ${environment}`);
    fill(this.body, h('p', { class: 'muted' }, 'Loading…'));
    let summary: SignalSummary;
    try {
      summary = await this.api.signals(environment);
    } catch (err) {
      fill(this.body);
      if (err instanceof ApiError && err.status === 401) return this.signedOut(err.message);
      this.notices.problem(`${environment}'s signals could not be read: ${(err as Error).message}`);
      return;
    }
    this.render(summary);
  }

  private render(summary: SignalSummary) {
    const canaries = summary.canaries.map((c) =>
      h(
        'li',
        { 'data-canary': c.remote },
        h('span', { class: 'mono strong' }, c.remote),
        ` canary ${c.canaryVersion} at ${c.percent}% (stable ${c.stableVersion}): `,
        `${c.checks} check(s), ${c.failedChecks} failed of ${c.spec.failureLimit} allowed`,
        c.spec.steps
          ? ` · steps ${c.spec.steps.join(' → ')}${c.spec.auto ? ', advanced automatically' : ''}`
          : '',
        c.lastCheck
          ? h(
              'span',
              { class: 'block muted' },
              'Last check ',
              time(c.lastCheck.at),
              `: ${c.lastCheck.result}`,
              c.lastCheck.reasons.length ? ` (${c.lastCheck.reasons.join('; ')})` : '',
            )
          : h('span', { class: 'block muted' }, 'Not checked yet.'),
      ),
    );
    fill(
      this.body,
      h(
        'p',
        { class: 'meta' },
        'Sessions that began since ',
        time(summary.since),
        '. A canary is aborted when its failed checks reach the limit.',
      ),
      canaries.length
        ? h('ul', { class: 'plain', 'aria-label': 'Canary analysis' }, canaries)
        : h('p', { class: 'muted' }, 'No canary is running here.'),
      summary.items.length
        ? h(
            'div',
            { class: 'table-wrap' },
            h(
              'table',
              { class: 'grid', 'data-testid': 'signals' },
              h(
                'caption',
                { class: 'sf-visually-hidden' },
                `Browser signals of ${summary.environment} per remote, arm and version`,
              ),
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  [
                    'Remote',
                    'Arm',
                    'Version',
                    'Sessions',
                    'Error sessions per 1,000',
                    'LCP p75',
                    'INP p75',
                  ].map((label) => h('th', { scope: 'col' }, label)),
                ),
              ),
              h(
                'tbody',
                {},
                summary.items.map((i) =>
                  h(
                    'tr',
                    { 'data-remote': i.remote, 'data-arm': i.arm },
                    h('th', { scope: 'row', class: 'mono' }, i.remote),
                    h('td', {}, i.arm),
                    h('td', { class: 'mono' }, i.version),
                    h('td', {}, i.sessions),
                    h('td', {}, i.errorSessionsPer1000 ?? '–'),
                    h('td', {}, ms(i.lcpP75)),
                    h('td', {}, ms(i.inpP75)),
                  ),
                ),
              ),
            ),
          )
        : h('p', { class: 'muted' }, 'No browser has reported here in this window.'),
    );
  }
}
