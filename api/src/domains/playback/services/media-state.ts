import { existsSync } from 'node:fs';
import path from 'node:path';
import type { MediaClip } from '../../catalogue';
import { readMediaClip } from '../media/media-library';

const ABSENT_RECHECK_MS = 1000;

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
  /** Keys are the catalogue's handful of clips, so this stays small. */
  private readonly absentUntil = new Map<string, number>();

  constructor(readonly root: string) {}

  setClips(clips: MediaClip[]): void {
    this.clips = new Map(clips.map((c) => [c.key, c]));
  }

  clip(key: string): MediaClip | undefined {
    const known = this.clips.get(key);
    if (!this.preparing || known?.thumbnails) return known;
    // A first start generates the clips one after another for minutes, and the list is only
    // replaced when all are done. A clip finished before the rest is already playable: describe
    // it from disk, so its session has its duration, renditions and thumbnails (a clean CI run
    // played one without them). It is read again until its thumbnails exist.
    if (!this.isReady(key)) return known;
    const found = readMediaClip(this.root, key);
    if (found) this.clips.set(key, found);
    return found ?? known;
  }

  /** A clip is playable once its master playlist exists (generation writes it last). */
  isReady(key: string): boolean {
    if (this.present.has(key)) return true;
    if (!/^[\w-]+$/.test(key)) return false;
    // Every detail page asks about its trailer. A missing clip is looked for at most once a second rather
    // than with a file-system call per request; readiness still shows up within that second.
    const now = Date.now();
    if ((this.absentUntil.get(key) ?? 0) > now) return false;
    if (existsSync(path.join(this.root, key, 'master.m3u8'))) {
      this.present.add(key);
      this.absentUntil.delete(key);
      return true;
    }
    this.absentUntil.set(key, now + ABSENT_RECHECK_MS);
    return false;
  }

  get preparing(): boolean {
    return this.status === 'generating' || this.status === 'idle';
  }
}
