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

/** The shell renders every screen with no props. */
type ShellScreenProps = Record<never, never>;
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
type Assert<T extends true> = T;

export type RemoteContracts = [
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountChangePassword>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountForgot>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountGeneral>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountInterest>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountLogin>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountNotifications>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountPrivacyPolicy>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountProfile>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountRegister>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountSignup>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountTerms>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountVerify>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountVerifyEmail>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountWelcome>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof AccountWhoIsWatching>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogCategory>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogExplore>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogGuestExplore>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogGuestHome>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogHome>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogLanding>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogMyList>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogNewReleases>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogSeries>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogTitleDetail>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CatalogTrending>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CheckoutManageSubscription>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CheckoutPayment>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CheckoutPaywall>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CheckoutPremium>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof CheckoutSubscription>>>,
  Assert<Accepts<ShellScreenProps, PropsOf<typeof PlayerWatch>>>,
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
