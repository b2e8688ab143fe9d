import { fixedList } from './category';

export default fixedList({ slug: 'series', heading: 'Series', intro: 'Series to binge' });
