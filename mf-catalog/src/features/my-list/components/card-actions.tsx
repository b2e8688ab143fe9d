import type { TitleCard } from '@streamflix/shared';
import { CardRating } from '../../../components/title-ratings';
import { MyListButton } from './my-list-button';
import styles from './my-list-button.module.css';

/** What a card offers a signed-in viewer: rate it, and keep it in My List. */
export function CardActions({ title }: { title: TitleCard }) {
  return (
    <span className={styles.cardActions}>
      <CardRating titleId={title.id} titleName={title.name} />
      <MyListButton title={title} compact />
    </span>
  );
}
