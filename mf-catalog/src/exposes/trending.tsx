import { fixedList } from './category';

export default fixedList({
  slug: 'trending',
  heading: 'Trending',
  intro: 'What everyone is watching this week',
});
