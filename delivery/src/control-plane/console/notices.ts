import { fill, h } from './dom';

/**
 * The page's two live regions: results (role=status, polite) and problems (role=alert), visible at
 * the top of the page so a sighted keyboard user reads what a screen reader announces.
 */
export class Notices {
  constructor(
    private readonly status: HTMLElement,
    private readonly alert: HTMLElement,
  ) {}

  ok(text: string) {
    fill(this.status, text);
  }

  problem(...content: (Node | string)[]) {
    fill(this.alert, h('span', { class: 'notice-title' }, 'Problem: '), ...content);
  }

  clear() {
    fill(this.status);
    fill(this.alert);
  }
}
