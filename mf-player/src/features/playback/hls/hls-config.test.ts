import { DEFAULT_ESTIMATE_BPS, connectionEstimate, hlsConfig, startVariant } from './hls-config';

// Our ladder's peaks (video + audio): 240p, 360p, 720p.
const LADDER = [505_000, 1_117_000, 3_055_000];

it('reads the browser estimate in bits/s; none without one; zero when saving data', () => {
  expect(connectionEstimate({ downlink: 1.6 })).toBe(1_600_000);
  expect(connectionEstimate({ downlink: 10, saveData: true })).toBe(0);
  expect(connectionEstimate({})).toBeNull();
  expect(connectionEstimate({ downlink: 0 })).toBeNull();
  expect(connectionEstimate(undefined)).toBeNull();
});

it('starts on the highest rung whose first segment arrives in about half a second', () => {
  // 3G and Slow 4G: the lightest; a quarter of 9 Mbps holds 360p, not 720p; 10 Mbps (Chromium's cap) the same.
  expect(startVariant(LADDER, 750_000)).toBe(0);
  expect(startVariant(LADDER, 1_600_000)).toBe(0);
  expect(startVariant(LADDER, 9_000_000)).toBe(1);
  expect(startVariant(LADDER, 10_000_000)).toBe(1);
  expect(startVariant(LADDER, 13_000_000)).toBe(2);
  // No estimate, or too little for any: the lightest, wherever the playlist lists it.
  expect(startVariant(LADDER, null)).toBe(0);
  expect(startVariant([3_055_000, 505_000, 1_117_000], null)).toBe(1);
  expect(startVariant([3_055_000, 505_000, 1_117_000], 9_000_000)).toBe(2);
  expect(startVariant([], 9_000_000)).toBe(-1);
});

it('never runs a bitrate test, and seeds the ABR with the estimate', () => {
  expect(hlsConfig(0, 1_600_000)).toMatchObject({
    testBandwidth: false,
    abrEwmaDefaultEstimate: 1_600_000,
    capLevelToPlayerSize: true,
    startPosition: -1,
  });
  expect(hlsConfig(42, null)).toMatchObject({
    abrEwmaDefaultEstimate: DEFAULT_ESTIMATE_BPS,
    startPosition: 42,
  });
});

it('buffers at most 30 s ahead, so an ended session is refused at the next segment, not after the title', () => {
  expect(hlsConfig(0, null)).toMatchObject({ maxBufferLength: 30, maxMaxBufferLength: 30 });
});
