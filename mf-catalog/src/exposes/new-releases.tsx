import { fixedList } from './category';

export default fixedList({ slug: 'new-releases', heading: 'New releases', intro: 'Newest first' });
