import { type Kysely, type Migration } from 'kysely';
import { createTable, optionalText, primaryKey, requiredText } from './builders';

/**
 * A title's name and synopsis in another language (issue 37). Either may be missing: the answer falls
 * back to the original per field. `language` is a shipped UI language's tag ('es', 'pt-BR', 'ja').
 */
export const m0013TitleLocalizations: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'title_localizations', [
      requiredText('title_id', 'language'),
      optionalText('name', 'synopsis'),
      primaryKey('title_id', 'language'),
    ]);
  },
};
