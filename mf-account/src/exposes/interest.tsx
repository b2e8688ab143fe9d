import { GenrePicker } from '../features/onboarding/components/genre-picker';

export default function Interest() {
  return <GenrePicker />;
}
