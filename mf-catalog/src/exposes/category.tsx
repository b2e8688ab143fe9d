import {
  useCatalogs,
  useI18n,
  useScreenParams,
  type ScreenProps,
  type TitleCard,
} from '@streamflix/shared';
import { catalogs } from '../locales/catalogs';
import { CategoryView } from '../features/category/components/category-view';
import { CardActions } from '../features/my-list/components/card-actions';

type I18n = ReturnType<typeof useI18n>;

const withMyList = (title: TitleCard) => <CardActions title={title} />;

/** `/category/{type}`: every title of one category, loaded as the viewer scrolls. */
export default function Category({ params }: ScreenProps<'type'>) {
  useCatalogs(catalogs);
  const { type = '' } = useScreenParams(params);
  // Keyed by category: moving between categories starts fresh (and at the top).
  return <CategoryView key={type} slug={type} renderAction={withMyList} />;
}

/** A fixed list's heading and intro, translated at render time (the language may change). */
export interface FixedListText {
  heading: string;
  intro: string;
}

/**
 * A fixed list (Trending, Series…) at its canonical route (the shell redirects the
 * spec's misspelled one): the category screen with its own heading and intro.
 */
export function fixedList(slug: string, name: string, text: (i18n: I18n) => FixedListText) {
  function FixedList() {
    useCatalogs(catalogs);
    const i18n = useI18n();
    return <CategoryView slug={slug} {...text(i18n)} renderAction={withMyList} />;
  }
  FixedList.displayName = name;
  return FixedList;
}
