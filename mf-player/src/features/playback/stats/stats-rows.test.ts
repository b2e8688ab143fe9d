import { statsRows, statsSentence } from './stats-rows';

it('shows what the player is doing, with a dash for what it does not know yet', () => {
  const rows = statsRows({
    rendition: '720p (2600 kbps)',
    autoLevel: true,
    renditions: ['360p (900 kbps)', '720p (2600 kbps)'],
    audioTrack: 'Español (es)',
    bandwidthEstimateKbps: 5234,
    bufferAheadSeconds: 12.34,
    droppedFrames: 2,
    totalFrames: 1200,
    startupMs: 640,
    stalls: 1,
    segment: 'http://localhost:4150/media/feature-01/720p/seg-004.ts',
    cdnHost: 'localhost:4150',
    engine: 'hls.js',
  });
  expect(Object.fromEntries(rows.map((r) => [r.label, r.value]))).toEqual({
    Rendition: '720p (2600 kbps) (Auto)',
    Available: '360p (900 kbps), 720p (2600 kbps)',
    Audio: 'Español (es)',
    'Bandwidth estimate': '5.2 Mbps',
    'Buffer ahead': '12.3 s',
    'Dropped frames': '2 of 1,200',
    'Start-up time': '640 ms',
    Stalls: '1',
    'Last segment': '720p/seg-004.ts',
    'CDN host': 'localhost:4150',
    Engine: 'hls.js',
  });
  const empty = Object.fromEntries(statsRows({}).map((r) => [r.label, r.value]));
  expect(empty).toMatchObject({ Rendition: '—', 'Start-up time': 'not started', Stalls: '0' });
  expect(statsSentence({ stalls: 3 })).toMatch(/^Playback stats\. .*Stalls: 3\./);
});
