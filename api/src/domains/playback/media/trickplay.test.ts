import { TILE_HEIGHT, TILE_WIDTH, buildTrickplayVtt, trickplayInterval } from './trickplay';

describe('trickplay index', () => {
  it('spaces thumbnails 2 s apart for short videos and at most 5 s for long ones', () => {
    expect(trickplayInterval(12)).toBe(2);
    expect(trickplayInterval(108)).toBe(2);
    expect(trickplayInterval(150)).toBe(3);
    expect(trickplayInterval(3 * 3600)).toBe(5);
  });

  it('writes one cue per tile, row by row, the last one ending with the video', () => {
    const vtt = buildTrickplayVtt(25, 2);
    const cues = vtt.trim().split('\n\n').slice(1);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(cues).toHaveLength(13);
    expect(cues[0]).toBe(
      `00:00:00.000 --> 00:00:02.000\nsprite-00.jpg#xywh=0,0,${TILE_WIDTH},${TILE_HEIGHT}`,
    );
    expect(cues[11]).toBe(
      `00:00:22.000 --> 00:00:24.000\nsprite-00.jpg#xywh=${TILE_WIDTH},${TILE_HEIGHT},${TILE_WIDTH},${TILE_HEIGHT}`,
    );
    expect(cues[12]).toBe(
      `00:00:24.000 --> 00:00:25.000\nsprite-00.jpg#xywh=${2 * TILE_WIDTH},${TILE_HEIGHT},${TILE_WIDTH},${TILE_HEIGHT}`,
    );
  });

  it('moves to a new sprite sheet every hundred tiles', () => {
    const cues = buildTrickplayVtt(3 * 3600, 5)
      .split('\n\n')
      .slice(1)
      .filter(Boolean);
    expect(cues).toHaveLength(2160);
    expect(cues[99]).toMatch(/sprite-00\.jpg#xywh=1440,810,/);
    expect(cues[100]).toMatch(/^00:08:20\.000 --> 00:08:25\.000\nsprite-01\.jpg#xywh=0,0,/);
    expect(cues[2159]).toMatch(/sprite-21\.jpg/);
  });
});
