import { WhoIsWatchingScreen } from '../features/households/components/who-is-watching-screen';

/** "Who's watching?": choose, unlock and manage the household's profiles (the shell's `/profiles`). */
export default function WhoIsWatching() {
  return <WhoIsWatchingScreen />;
}
