/**
 * Which remote an uncaught error belongs to: the remote whose files (the folder of its manifest,
 * where its chunks are published) appear in the error's stack or script URL. An error of the shell's
 * own code names no remote and is not reported against any version.
 */
import type { CompositionDocument } from '@streamflix/composition';

/** Each remote's published folders (its entry's, and its fallback's), by remote. */
export function remoteFolders(doc: CompositionDocument): Array<{ remote: string; base: string }> {
  const out: Array<{ remote: string; base: string }> = [];
  for (const [remote, entry] of Object.entries(doc.remotes)) {
    for (const manifest of [entry.manifest, entry.fallback?.manifest]) {
      if (!manifest) continue;
      try {
        out.push({ remote, base: new URL('.', manifest).href });
      } catch {
        // A manifest URL the gate would refuse anyway.
      }
    }
  }
  // The longest folder first: a remote published under another's folder is still told apart.
  return out.sort((a, b) => b.base.length - a.base.length);
}

export function attributeRemote(
  source: string | undefined,
  folders: ReadonlyArray<{ remote: string; base: string }>,
): string | null {
  if (!source) return null;
  return folders.find((f) => source.includes(f.base))?.remote ?? null;
}
