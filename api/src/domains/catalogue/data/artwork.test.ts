import { renderArtwork, escapeXml } from './artwork';

const title = {
  id: 't-0001',
  name: 'The Glass Orchard',
  artSeed: 123456789,
};

describe('renderArtwork', () => {
  it('renders a poster and a backdrop with the right proportions', () => {
    const poster = renderArtwork('poster', title);
    const backdrop = renderArtwork('backdrop', title);
    expect(poster).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 400 600"/);
    expect(backdrop).toContain('viewBox="0 0 1280 720"');
    for (const svg of [poster, backdrop]) {
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).toContain('role="img" aria-label="The Glass Orchard"');
      // No lettering: the pages name the title in their own text (and text in an image is a
      // layout of its own on the main thread for every poster).
      expect(svg).not.toMatch(/<text|<tspan|font-family/);
      expect(svg.length).toBeLessThan(4096);
      // Balanced tags: every opened element is closed or self-closing.
      const opened = (svg.match(/<[a-zA-Z]+[^>]*[^/]>/g) ?? []).length;
      const closed = (svg.match(/<\/[a-zA-Z]+>/g) ?? []).length;
      expect(opened).toBe(closed);
    }
  });

  it('is deterministic and varies with the seed', () => {
    expect(renderArtwork('poster', title)).toBe(renderArtwork('poster', { ...title }));
    expect(renderArtwork('poster', { ...title, artSeed: 42 })).not.toBe(
      renderArtwork('poster', title),
    );
  });

  it('escapes markup in names', () => {
    const svg = renderArtwork('poster', { ...title, name: `Tom & Jerry's <script>"x"</script>` });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&amp;');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('&apos;');
    expect(svg).toContain('&quot;');
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });

  it('stays small whatever the name', () => {
    const long = renderArtwork('poster', { ...title, name: 'X'.repeat(2000) });
    expect(long.replace('X'.repeat(2000), '').length).toBeLessThan(4096);
  });
});
