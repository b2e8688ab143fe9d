import type { QualityEvent } from './quality-events';
import { trackQuality } from './quality-tracker';

function setup(requestedAt = 100) {
  const video = document.createElement('video');
  let height = 0;
  let time = 0;
  Object.defineProperty(video, 'videoHeight', { get: () => height });
  Object.defineProperty(video, 'currentTime', { get: () => time, configurable: true });
  let now = 1000;
  const events: QualityEvent[] = [];
  const tracker = trackQuality(
    video,
    requestedAt,
    (e) => events.push(e),
    () => now,
  );
  const fire = (type: string) => video.dispatchEvent(new Event(type));
  return {
    video,
    tracker,
    events,
    fire,
    setHeight: (h: number) => (height = h),
    setTime: (t: number) => (time = t),
    advance: (ms: number) => (now += ms),
  };
}

test('start-up runs from the request to the first frame; stalls from waiting to playing, seeks excluded', () => {
  const p = setup(100);
  p.setHeight(360);
  p.fire('resize');
  p.fire('playing');
  expect(p.tracker.stats.startupMs).toBe(900);
  expect(p.events).toEqual([{ type: 'first-frame', startupMs: 900, height: 360 }]);

  p.fire('waiting');
  p.advance(1500);
  p.fire('playing');
  expect(p.events.at(-1)).toEqual({ type: 'stall', seconds: 1.5, height: 360 });

  // The viewer seeks: waiting for the new position is not a stall.
  p.fire('seeking');
  p.fire('waiting');
  p.advance(2000);
  p.fire('seeked');
  p.fire('playing');
  expect(p.tracker.stats.stalls).toBe(1);
  expect(p.events.filter((e) => e.type === 'stall')).toHaveLength(1);
});

test('a rendition change is the picture changing height; time played counts normal steps only', () => {
  const p = setup();
  p.setHeight(360);
  p.fire('resize');
  p.fire('playing');
  p.setHeight(720);
  p.fire('resize');
  p.fire('resize');
  expect(p.events.filter((e) => e.type === 'switch')).toEqual([
    { type: 'switch', fromHeight: 360, toHeight: 720 },
  ]);
  p.fire('timeupdate');
  p.setTime(0.25);
  p.fire('timeupdate');
  p.setTime(40); // a jump: a seek, not 40 s of viewing
  p.fire('timeupdate');
  p.setTime(40.5);
  p.fire('timeupdate');
  expect(p.events.filter((e) => e.type === 'played')).toEqual([
    { type: 'played', seconds: 0.25, height: 720 },
    { type: 'played', seconds: 0.5, height: 720 },
  ]);
});

test('leaving during a stall counts it until then; errors carry the height shown; listeners go', () => {
  const p = setup();
  p.setHeight(720);
  p.fire('playing');
  p.fire('waiting');
  p.advance(4000);
  p.tracker.error('network', false);
  p.tracker.stop();
  expect(p.events.slice(1)).toEqual([
    { type: 'error', kind: 'network', fatal: false, height: 720 },
    { type: 'stall', seconds: 4, height: 720 },
  ]);
  p.fire('waiting');
  p.fire('playing');
  expect(p.events).toHaveLength(3);
});
