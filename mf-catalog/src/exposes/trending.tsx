import { fixedList } from './category';

export default fixedList('trending', 'Trending', (i18n) => ({
  heading: i18n._({ id: 'mf-catalog.trending.heading', message: 'Trending' }),
  intro: i18n._({
    id: 'mf-catalog.trending.intro',
    message: 'What everyone is watching this week',
  }),
}));
