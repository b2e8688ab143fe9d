import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface SocialIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  provider: string;
}

export interface SocialLoginVerifier {
  verify(idToken: string): Promise<SocialIdentity>;
}

const GOOGLE_SECURETOKEN_JWKS =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Firebase Authentication ID tokens (Google, Apple, Facebook sign-in all end in one). */
export function firebaseVerifier(projectId: string): SocialLoginVerifier {
  const jwks = createRemoteJWKSet(new URL(GOOGLE_SECURETOKEN_JWKS));
  return {
    async verify(idToken) {
      const { payload } = await jwtVerify(idToken, jwks, {
        algorithms: ['RS256'],
        issuer: `https://securetoken.google.com/${projectId}`,
        audience: projectId,
      });
      if (!payload.sub || typeof payload.email !== 'string')
        throw new Error('ID token has no subject or email');
      const firebase = payload.firebase as { sign_in_provider?: string } | undefined;
      return {
        uid: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true,
        name: typeof payload.name === 'string' ? payload.name : null,
        picture: typeof payload.picture === 'string' ? payload.picture : null,
        provider: firebase?.sign_in_provider ?? 'unknown',
      };
    },
  };
}
