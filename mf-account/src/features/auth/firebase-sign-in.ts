import type { SocialProvider } from './api/social-sign-in';

/**
 * Sign in with Firebase Auth in a popup and return the ID token. Loaded with a
 * dynamic import only when Firebase is configured and the viewer clicks a
 * provider, so an environment without Firebase never fetches its code.
 */
export async function firebaseIdToken(
  config: Record<string, string>,
  provider: SocialProvider,
): Promise<string> {
  const [{ initializeApp, getApps }, auth] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  const app =
    getApps().find((a) => a.name === 'streamflix-account') ??
    initializeApp(config, 'streamflix-account');
  const providers = {
    google: () => new auth.GoogleAuthProvider(),
    apple: () => new auth.OAuthProvider('apple.com'),
    facebook: () => new auth.FacebookAuthProvider(),
  } as const;
  const credential = await auth.signInWithPopup(auth.getAuth(app), providers[provider]());
  return credential.user.getIdToken();
}
