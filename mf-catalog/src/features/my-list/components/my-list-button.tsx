import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react';
import {
  Button,
  paths,
  useI18n,
  useSession,
  type TitleCard,
  CheckIcon,
  PlusIcon,
} from '@streamflix/shared';

type I18n = ReturnType<typeof useI18n>;

/** The button's accessible name: what pressing it does to this title. */
const toggleLabel = (i18n: I18n, inList: boolean, name: string) =>
  inList
    ? i18n._({
        id: 'mf-catalog.myList.removeLabel',
        message: 'Remove {title} from My List',
        values: { title: name },
      })
    : i18n._({
        id: 'mf-catalog.myList.addLabel',
        message: 'Add {title} to My List',
        values: { title: name },
      });

const buttonText = (i18n: I18n, inList: boolean) =>
  inList
    ? i18n._({ id: 'mf-catalog.myList.inList', message: 'In My List' })
    : i18n._({ id: 'mf-catalog.myList.button', message: 'My List' });
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
  const i18n = useI18n();
  const list = useMyList();
  const toggle = useToggleMyList();
  const inList = list.data ? list.data.titles.some((t) => t.id === title.id) : initialInList;
  const label = toggleLabel(i18n, inList, title.name);
  const onClick = () => toggle.mutate({ title, add: !inList });
  if (compact) {
    return (
      <button
        type="button"
        className={styles.round}
        aria-label={label}
        aria-pressed={inList}
        title={
          inList
            ? i18n._({ id: 'mf-catalog.myList.removeShort', message: 'Remove from My List' })
            : i18n._({ id: 'mf-catalog.myList.addShort', message: 'Add to My List' })
        }
        onClick={onClick}
      >
        {inList ? <CheckIcon /> : <PlusIcon />}
      </button>
    );
  }
  return (
    <Button variant="secondary" aria-label={label} aria-pressed={inList} onClick={onClick}>
      {inList ? <CheckIcon /> : <PlusIcon />} {buttonText(i18n, inList)}
    </Button>
  );
}

function GuestMyListButton({ title }: { title: TitleCard }) {
  const i18n = useI18n();
  const [inList, toggle] = useGuestMyListHas(title.id);
  return (
    <span className={styles.guest}>
      <Button
        variant="secondary"
        aria-label={toggleLabel(i18n, inList, title.name)}
        aria-pressed={inList}
        onClick={toggle}
      >
        {inList ? <CheckIcon /> : <PlusIcon />} {buttonText(i18n, inList)}
      </Button>
      {inList ? (
        <span className={styles.note} role="status">
          <Trans
            id="mf-catalog.myList.guestNote"
            message="Saved on this device. <0>Sign up</0> to keep your list everywhere."
            components={{ 0: <Link to={paths.signup()} /> }}
          />
        </span>
      ) : null}
    </span>
  );
}
