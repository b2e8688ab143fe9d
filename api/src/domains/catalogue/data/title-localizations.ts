import file from './title-localizations.json';
import type { TitleLocalizationSeed, TitleSeed } from './catalogue-types';

type Fields = { name?: string; synopsis?: string };
const byOriginalName = file.titles as Record<string, Record<string, Fields>>;

/** The seeded localisations (title-localizations.json) of those of `titles` it names. */
export function titleLocalizations(titles: readonly TitleSeed[]): TitleLocalizationSeed[] {
  return titles.flatMap((t) =>
    Object.entries(byOriginalName[t.name] ?? {}).map(([language, fields]) => ({
      titleId: t.id,
      language,
      ...fields,
    })),
  );
}
