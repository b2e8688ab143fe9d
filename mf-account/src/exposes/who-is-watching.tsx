import { useCatalogs } from '@streamflix/shared';
import { WhoIsWatchingScreen } from '../features/households/components/who-is-watching-screen';
import { catalogs } from '../locales/catalogs';
import { householdsCatalogs } from '../features/households/locales/catalogs';

/** "Who's watching?": choose, unlock and manage the household's profiles (the shell's `/profiles`). */
export default function WhoIsWatching() {
  useCatalogs(catalogs);
  useCatalogs(householdsCatalogs);
  return <WhoIsWatchingScreen />;
}
