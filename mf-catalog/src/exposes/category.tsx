import { useScreenParams, type ScreenProps, type TitleCard } from '@streamflix/shared';
import {
  CategoryView,
  type CategoryViewProps,
} from '../features/category/components/category-view';
import { CardActions } from '../features/my-list/components/card-actions';

const withMyList = (title: TitleCard) => <CardActions title={title} />;

/** `/category/{type}`: every title of one category, loaded as the viewer scrolls. */
export default function Category({ params }: ScreenProps<'type'>) {
  const { type = '' } = useScreenParams(params);
  // Keyed by category: moving between categories starts fresh (and at the top).
  return <CategoryView key={type} slug={type} renderAction={withMyList} />;
}

/**
 * A fixed list (Trending, Series…) at its canonical route (the shell redirects the
 * spec's misspelled one): the category screen with its own heading and intro.
 */
export function fixedList(list: Required<Pick<CategoryViewProps, 'slug' | 'heading' | 'intro'>>) {
  function FixedList() {
    return <CategoryView {...list} renderAction={withMyList} />;
  }
  FixedList.displayName = list.heading.replace(/\s+/g, '');
  return FixedList;
}
