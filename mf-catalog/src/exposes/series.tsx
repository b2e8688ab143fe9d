import { fixedList } from './category';

export default fixedList('series', 'Series', (i18n) => ({
  heading: i18n._({ id: 'mf-catalog.series.heading', message: 'Series' }),
  intro: i18n._({ id: 'mf-catalog.series.intro', message: 'Series to binge' }),
}));
