import { fixedList } from './category';

export default fixedList('new-releases', 'NewReleases', (i18n) => ({
  heading: i18n._({ id: 'mf-catalog.newReleases.heading', message: 'New releases' }),
  intro: i18n._({ id: 'mf-catalog.newReleases.intro', message: 'Newest first' }),
}));
