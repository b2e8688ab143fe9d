import { act, renderHook } from '@testing-library/react';
import { useImmersive } from './use-immersive';

function onDevice(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const fire = (video: HTMLVideoElement, type: string) =>
  act(() => {
    video.dispatchEvent(new Event(type));
  });

describe('useImmersive', () => {
  it('on a phone: immersive from the start, as the loading screen was; pausing brings the page back, playing hides it again', () => {
    onDevice(true);
    const video = document.createElement('video');
    const { result } = renderHook(() => useImmersive(video, () => null));
    expect(result.current).toBe(true);
    fire(video, 'playing');
    expect(result.current).toBe(true);
    fire(video, 'pause');
    expect(result.current).toBe(false);
    fire(video, 'playing');
    expect(result.current).toBe(true);
    fire(video, 'ended');
    expect(result.current).toBe(false);
  });

  it('before the video element exists, a phone is immersive already', () => {
    onDevice(true);
    const { result } = renderHook(() => useImmersive(null, () => null));
    expect(result.current).toBe(true);
  });

  it('elsewhere: never', () => {
    onDevice(false);
    const video = document.createElement('video');
    const { result } = renderHook(() => useImmersive(video, () => null));
    expect(result.current).toBe(false);
    fire(video, 'playing');
    expect(result.current).toBe(false);
  });
});
