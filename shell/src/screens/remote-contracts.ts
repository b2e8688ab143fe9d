/**
 * The shell's use of every remote's exposes, checked against the types the remotes publish.
 * `npm run typecheck -w shell` first puts the composed remotes' types in shell/@mf-types/
 * (scripts/remote-types.mjs: this checkout's sources, or `--composition <document>` for the
 * types a deployed environment serves), which `paths` in tsconfig.json map `mf_player/Watch` to.
 * A remote that makes a screen require a prop the shell does not pass, or whose lifecycles stop
 * accepting a prop the shell passes (a rename), fails the shell's typecheck here.
 * `routing/route-exposes.test.ts` fails when a route table names an expose this file does not check.
 */
import type { ComponentType } from 'react';
import type { PathParams, ScreenProps } from '@streamflix/shared';
import type { ShellScreenRoute } from '../routing/route-tables';
import type { ShellMountProps } from './remote-screen';
import type AccountChangePassword from 'mf_account/ChangePassword';
import type AccountForgot from 'mf_account/Forgot';
import type AccountGeneral from 'mf_account/General';
import type AccountInterest from 'mf_account/Interest';
import type AccountLogin from 'mf_account/Login';
import type AccountNotifications from 'mf_account/Notifications';
import type AccountPrivacyPolicy from 'mf_account/PrivacyPolicy';
import type AccountProfile from 'mf_account/Profile';
import type AccountRegister from 'mf_account/Register';
import type AccountSignup from 'mf_account/Signup';
import type AccountTerms from 'mf_account/Terms';
import type AccountVerify from 'mf_account/Verify';
import type AccountVerifyEmail from 'mf_account/VerifyEmail';
import type AccountWelcome from 'mf_account/Welcome';
import type AccountWhoIsWatching from 'mf_account/WhoIsWatching';
import type CatalogCategory from 'mf_catalog/Category';
import type CatalogExplore from 'mf_catalog/Explore';
import type CatalogGuestExplore from 'mf_catalog/GuestExplore';
import type CatalogGuestHome from 'mf_catalog/GuestHome';
import type CatalogHome from 'mf_catalog/Home';
import type CatalogLanding from 'mf_catalog/Landing';
import type CatalogMyList from 'mf_catalog/MyList';
import type CatalogNewReleases from 'mf_catalog/NewReleases';
import type CatalogSeries from 'mf_catalog/Series';
import type CatalogTitleDetail from 'mf_catalog/TitleDetail';
import type CatalogTrending from 'mf_catalog/Trending';
import type CheckoutManageSubscription from 'mf_checkout/ManageSubscription';
import type CheckoutPayment from 'mf_checkout/Payment';
import type CheckoutPaywall from 'mf_checkout/Paywall';
import type CheckoutPremium from 'mf_checkout/Premium';
import type CheckoutSubscription from 'mf_checkout/Subscription';
import type PlayerWatch from 'mf_player/Watch';
import type * as CatalogLifecycles from 'mf_catalog/lifecycles';
import type * as PlayerLifecycles from 'mf_player/lifecycles';
import type * as AccountLifecycles from 'mf_account/lifecycles';
import type * as CheckoutLifecycles from 'mf_checkout/lifecycles';

/** Every screen the shell routes to, by `remote/expose`. */
interface Exposes {
  'mf_account/ChangePassword': typeof AccountChangePassword;
  'mf_account/Forgot': typeof AccountForgot;
  'mf_account/General': typeof AccountGeneral;
  'mf_account/Interest': typeof AccountInterest;
  'mf_account/Login': typeof AccountLogin;
  'mf_account/Notifications': typeof AccountNotifications;
  'mf_account/PrivacyPolicy': typeof AccountPrivacyPolicy;
  'mf_account/Profile': typeof AccountProfile;
  'mf_account/Register': typeof AccountRegister;
  'mf_account/Signup': typeof AccountSignup;
  'mf_account/Terms': typeof AccountTerms;
  'mf_account/Verify': typeof AccountVerify;
  'mf_account/VerifyEmail': typeof AccountVerifyEmail;
  'mf_account/Welcome': typeof AccountWelcome;
  'mf_account/WhoIsWatching': typeof AccountWhoIsWatching;
  'mf_catalog/Category': typeof CatalogCategory;
  'mf_catalog/Explore': typeof CatalogExplore;
  'mf_catalog/GuestExplore': typeof CatalogGuestExplore;
  'mf_catalog/GuestHome': typeof CatalogGuestHome;
  'mf_catalog/Home': typeof CatalogHome;
  'mf_catalog/Landing': typeof CatalogLanding;
  'mf_catalog/MyList': typeof CatalogMyList;
  'mf_catalog/NewReleases': typeof CatalogNewReleases;
  'mf_catalog/Series': typeof CatalogSeries;
  'mf_catalog/TitleDetail': typeof CatalogTitleDetail;
  'mf_catalog/Trending': typeof CatalogTrending;
  'mf_checkout/ManageSubscription': typeof CheckoutManageSubscription;
  'mf_checkout/Payment': typeof CheckoutPayment;
  'mf_checkout/Paywall': typeof CheckoutPaywall;
  'mf_checkout/Premium': typeof CheckoutPremium;
  'mf_checkout/Subscription': typeof CheckoutSubscription;
  'mf_player/Watch': typeof PlayerWatch;
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;
/**
 * Every prop the shell gives is one the remote takes, and the remote requires no other; on
 * failure the error names what broke.
 */
type Accepts<Given, Declared> = [Exclude<keyof Given, keyof Declared>] extends [never]
  ? Given extends Declared
    ? true
    : 'the remote requires a prop the shell does not pass, or takes one of another type'
  : `the remote no longer accepts the prop(s) the shell passes: ${Exclude<keyof Given, keyof Declared> & string}`;
/**
 * A screen takes what the shell renders it with (ScreenElement): its route's parameters and the
 * run-time configuration. It may leave either unread, but every parameter it reads must be one the
 * shell's route names, under the same name.
 */
type TakesScreenProps<Given, Declared, Name extends string> = Given extends Declared
  ? true
  : `${Name} reads route parameters or props the shell's route does not give it`;
type Assert<T extends true> = T;

/** Each routed screen against the parameters of its path in the shell's route tables. */
type ScreenContract<S> = S extends {
  remote: infer R extends string;
  expose: infer X extends string;
  path: infer P extends string;
}
  ? `${R}/${X}` extends keyof Exposes
    ? TakesScreenProps<
        ScreenProps<PathParams<P>>,
        PropsOf<Exposes[`${R}/${X}`]>,
        `${R}/${X} at ${P}`
      >
    : `the shell routes ${R}/${X}, which remote-contracts.ts does not import`
  : never;

// The check can fail: a title page that renamed its `id` parameter is refused.
type _RenamedParameter = Assert<
  // @ts-expect-error the renamed parameter is not one the route gives
  TakesScreenProps<
    ScreenProps<PathParams<'/movie/:type/:id'>>,
    ScreenProps<'type' | 'titleId'>,
    'renamed'
  >
>;

export type RemoteContracts = [
  Assert<ScreenContract<ShellScreenRoute>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof CatalogLifecycles.bootstrap>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof CatalogLifecycles.mount>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof CatalogLifecycles.unmount>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof PlayerLifecycles.bootstrap>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof PlayerLifecycles.mount>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof PlayerLifecycles.unmount>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof AccountLifecycles.bootstrap>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof AccountLifecycles.mount>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof AccountLifecycles.unmount>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof CheckoutLifecycles.bootstrap>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof CheckoutLifecycles.mount>[0]>>,
  Assert<Accepts<ShellMountProps, Parameters<typeof CheckoutLifecycles.unmount>[0]>>,
];
