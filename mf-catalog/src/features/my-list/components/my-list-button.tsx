import { Link } from 'react-router-dom';
import { Button, paths, useSession, type TitleCard, CheckIcon, PlusIcon } from '@streamflix/shared';
import { useMyList } from '../api/get-my-list';
import { useToggleMyList } from '../use-toggle-my-list';
import { useGuestMyListHas } from '../guest-my-list';
import styles from './my-list-button.module.css';

export interface MyListButtonProps {
  title: TitleCard;
  /** What the page already knows (title detail's inMyList) until the list has loaded. */
  initialInList?: boolean;
  /** A small round button for cards. */
  compact?: boolean;
}

export function MyListButton({ title, initialInList = false, compact = false }: MyListButtonProps) {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return compact ? null : <GuestMyListButton title={title} />;
  return <SignedInButton title={title} initialInList={initialInList} compact={compact} />;
}

function SignedInButton({ title, initialInList, compact }: Required<MyListButtonProps>) {
  const list = useMyList();
  const toggle = useToggleMyList();
  const inList = list.data ? list.data.titles.some((t) => t.id === title.id) : initialInList;
  const label = inList ? `Remove ${title.name} from My List` : `Add ${title.name} to My List`;
  const onClick = () => toggle.mutate({ title, add: !inList });
  if (compact) {
    return (
      <button
        type="button"
        className={styles.round}
        aria-label={label}
        aria-pressed={inList}
        title={inList ? 'Remove from My List' : 'Add to My List'}
        onClick={onClick}
      >
        {inList ? <CheckIcon /> : <PlusIcon />}
      </button>
    );
  }
  return (
    <Button variant="secondary" aria-label={label} aria-pressed={inList} onClick={onClick}>
      {inList ? <CheckIcon /> : <PlusIcon />} {inList ? 'In My List' : 'My List'}
    </Button>
  );
}

function GuestMyListButton({ title }: { title: TitleCard }) {
  const [inList, toggle] = useGuestMyListHas(title.id);
  return (
    <span className={styles.guest}>
      <Button
        variant="secondary"
        aria-label={inList ? `Remove ${title.name} from My List` : `Add ${title.name} to My List`}
        aria-pressed={inList}
        onClick={toggle}
      >
        {inList ? <CheckIcon /> : <PlusIcon />} {inList ? 'In My List' : 'My List'}
      </Button>
      {inList ? (
        <span className={styles.note} role="status">
          Saved on this device. <Link to={paths.signup()}>Sign up</Link> to keep your list
          everywhere.
        </span>
      ) : null}
    </span>
  );
}
