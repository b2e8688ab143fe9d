import { existsSync } from 'node:fs';
import path from 'node:path';
import type { MediaClip } from '../catalogue/catalogue-types';

export type MediaStatus = 'idle' | 'generating' | 'ready' | 'failed';

/**
 * Media is generated in the background on first start, so the API answers at once;
 * until a clip exists, media and playback answer 503 with a clear message.
 */
export class MediaState {
  status: MediaStatus = 'idle';
  error: string | null = null;
  private clips = new Map<string, MediaClip>();
  private readonly present = new Set<string>();

  constructor(readonly root: string) {}

  setClips(clips: MediaClip[]): void {
    this.clips = new Map(clips.map((c) => [c.key, c]));
  }

  clip(key: string): MediaClip | undefined {
    return this.clips.get(key);
  }

  /** A clip is playable once its master playlist exists (generation writes it last). */
  isReady(key: string): boolean {
    if (this.present.has(key)) return true;
    if (!/^[\w-]+$/.test(key)) return false;
    if (existsSync(path.join(this.root, key, 'master.m3u8'))) {
      this.present.add(key);
      return true;
    }
    return false;
  }

  get preparing(): boolean {
    return this.status === 'generating' || this.status === 'idle';
  }
}
