/**
 * Generated poster and backdrop artwork: a palette and an abstract composition derived from the
 * title's artSeed. Deterministic, so it can be cached forever by URL.
 *
 * The artwork carries no lettering: every screen that shows it names the title in its own
 * text (the card's caption, the title page's heading, the hero's), which is real text for
 * search, translation and screen readers. Lettering set in the image only repeated it, and
 * each image's text cost a phone's main thread about 2 ms of layout (a page of 24 posters
 * 50 ms); the SVG's accessible name stays the title's.
 */
export interface ArtworkTitle {
  id: string;
  name: string;
  artSeed: number;
}

export type ArtworkKind = 'poster' | 'backdrop';

export function escapeXml(s: string): string {
  return s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

function rngFrom(seed: number): () => number {
  let a = (seed ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r0 = (n: number): number => Math.round(n);

function composition(rnd: () => number, w: number, h: number, hue: number, style: number): string {
  const hsl = (dh: number, s: number, l: number, a: number): string =>
    `hsla(${r0((hue + dh) % 360)},${s}%,${l}%,${a})`;
  const parts: string[] = [];
  if (style === 0) {
    // Concentric rings around an off-centre sun.
    const cx = r0(w * (0.3 + rnd() * 0.4));
    const cy = r0(h * (0.22 + rnd() * 0.2));
    for (let i = 5; i >= 1; i--)
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${r0(i * w * 0.13)}" fill="${hsl(i * 18, 70, 30 + i * 8, 0.28)}"/>`,
      );
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r0(w * 0.09)}" fill="${hsl(40, 90, 75, 0.9)}"/>`,
    );
  } else if (style === 1) {
    // Diagonal bands.
    for (let i = 0; i < 6; i++) {
      const x = r0(-w * 0.5 + i * w * 0.32 + rnd() * 40);
      const bw = r0(w * (0.08 + rnd() * 0.14));
      parts.push(
        `<polygon points="${x},${h} ${x + bw},${h} ${x + bw + h * 0.7},0 ${x + h * 0.7},0" fill="${hsl(i * 25, 65, 55, 0.22)}"/>`,
      );
    }
  } else if (style === 2) {
    // Floating orbs.
    for (let i = 0; i < 8; i++) {
      const r = r0(w * (0.04 + rnd() * 0.16));
      parts.push(
        `<circle cx="${r0(rnd() * w)}" cy="${r0(rnd() * h * 0.75)}" r="${r}" fill="${hsl(rnd() * 120, 75, 60, 0.25 + rnd() * 0.3)}"/>`,
      );
    }
  } else {
    // Layered mountain ridges.
    for (let i = 0; i < 4; i++) {
      const base = h * (0.45 + i * 0.1);
      const pts = [`0,${h}`];
      for (let x = 0; x <= 6; x++) pts.push(`${r0((x * w) / 6)},${r0(base - rnd() * h * 0.18)}`);
      pts.push(`${w},${h}`);
      parts.push(
        `<polygon points="${pts.join(' ')}" fill="${hsl(200 + i * 15, 45, 40 - i * 7, 0.85)}"/>`,
      );
    }
  }
  return parts.join('');
}

export function renderArtwork(kind: ArtworkKind, title: ArtworkTitle): string {
  const poster = kind === 'poster';
  const w = poster ? 400 : 1280;
  const h = poster ? 600 : 720;
  const seed = Math.abs(Math.floor(title.artSeed)) || 1;
  const rnd = rngFrom(seed);
  const hue = seed % 360;
  const hue2 = (hue + 40 + (Math.floor(seed / 360) % 110)) % 360;
  const style = Math.floor(seed / 7) % 4;
  // Ids are per title so several inline SVGs on one page do not share gradients.
  const uid = `a${(seed % 1679616).toString(36)}`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(title.name)}">` +
    `<defs><linearGradient id="${uid}b" x1="0" y1="0" x2="${poster ? 0.3 : 1}" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},55%,22%)"/><stop offset="1" stop-color="hsl(${hue2},65%,12%)"/></linearGradient>` +
    `<linearGradient id="${uid}s" x1="0" y1="0" x2="${poster ? 0 : 1}" y2="${poster ? 1 : 0}">` +
    (poster
      ? `<stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".8"/>`
      : `<stop offset="0" stop-color="#000" stop-opacity=".78"/><stop offset=".6" stop-color="#000" stop-opacity="0"/>`) +
    `</linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${uid}b)"/>` +
    composition(rnd, w, h, hue, style) +
    `<rect width="${w}" height="${h}" fill="url(#${uid}s)"/>` +
    `</svg>`
  );
}
