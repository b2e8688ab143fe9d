/**
 * CMS text is rendered as data, never as HTML: this parser turns it into a
 * small tree (paragraphs, bullet lists, bold, links) that React renders as text
 * nodes, so no markup or script in the content can run. Links are kept only
 * for http(s), mailto and in-app paths.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'link'; text: string; href: string };
export type Block = { type: 'paragraph'; inlines: Inline[] } | { type: 'list'; items: Inline[][] };

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}$/i;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  // **bold**, [label](href), bare URLs and email addresses.
  const pattern =
    /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>"')]+)|([^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,})/gi;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push({ type: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ type: 'strong', text: m[1] });
    else if (m[2] !== undefined) {
      const href = m[3]!;
      out.push(
        SAFE_HREF.test(href) ? { type: 'link', text: m[2], href } : { type: 'text', text: m[2] },
      );
    } else if (m[4] !== undefined) out.push({ type: 'link', text: m[4], href: m[4] });
    else if (m[5] !== undefined && EMAIL.test(m[5]))
      out.push({ type: 'link', text: m[5], href: `mailto:${m[5]}` });
    else out.push({ type: 'text', text: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

export function parsePolicyText(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (!lines.length) continue;
    if (lines.every((l) => /^[-*•]\s+/.test(l))) {
      blocks.push({
        type: 'list',
        items: lines.map((l) => parseInline(l.replace(/^[-*•]\s+/, ''))),
      });
    } else {
      blocks.push({ type: 'paragraph', inlines: parseInline(lines.join(' ')) });
    }
  }
  return blocks;
}
