import type { useI18n } from '@streamflix/shared';

type I18n = ReturnType<typeof useI18n>;

/**
 * A screen's title (the route table's, in English: analytics reads that one) in the active language,
 * for the document's title and the kids-profile refusal. A title without a message here stays as the
 * route table writes it; `route-titles.test.ts` fails on one.
 */
export function routeTitle(i18n: I18n, english: string): string {
  switch (english) {
    case 'Home':
      return i18n._({ id: 'shell.header.nav.home', message: 'Home' });
    case 'Explore':
      return i18n._({ id: 'shell.header.nav.explore', message: 'Explore' });
    case 'Trending':
      return i18n._({ id: 'shell.header.nav.trending', message: 'Trending' });
    case 'My List':
      return i18n._({ id: 'shell.header.nav.myList', message: 'My List' });
    case 'New releases':
      return i18n._({ id: 'shell.header.nav.newReleases', message: 'New releases' });
    case 'Series':
      return i18n._({ id: 'shell.header.nav.series', message: 'Series' });
    case 'Browse':
      return i18n._({ id: 'shell.header.nav.browse', message: 'Browse' });
    case 'Plans':
      return i18n._({ id: 'shell.header.nav.plans', message: 'Plans' });
    case 'Log in':
      return i18n._({ id: 'shell.header.logIn', message: 'Log in' });
    case 'Sign up':
      return i18n._({ id: 'shell.header.signUp', message: 'Sign up' });
    case 'Notifications':
      return i18n._({ id: 'shell.notifications.label', message: 'Notifications' });
    case 'Welcome':
      return i18n._({ id: 'shell.route.welcome', message: 'Welcome' });
    case 'Title':
      return i18n._({ id: 'shell.route.title', message: 'Title' });
    case 'Category':
      return i18n._({ id: 'shell.route.category', message: 'Category' });
    case 'Reset your password':
      return i18n._({ id: 'shell.route.forgot', message: 'Reset your password' });
    case 'Enter your code':
      return i18n._({ id: 'shell.route.verify', message: 'Enter your code' });
    case 'Your interests':
      return i18n._({ id: 'shell.route.interest', message: 'Your interests' });
    case 'Profile':
      return i18n._({ id: 'shell.route.profile', message: 'Profile' });
    case 'Settings':
      return i18n._({ id: 'shell.route.settings', message: 'Settings' });
    case 'Change password':
      return i18n._({ id: 'shell.route.changePassword', message: 'Change password' });
    case 'Privacy policy':
      return i18n._({ id: 'shell.route.privacy', message: 'Privacy policy' });
    case 'Terms and conditions':
      return i18n._({ id: 'shell.route.terms', message: 'Terms and conditions' });
    case 'Verify your email':
      return i18n._({ id: 'shell.route.verifyEmail', message: 'Verify your email' });
    case 'Register':
      return i18n._({ id: 'shell.route.register', message: 'Register' });
    case "Who's watching?":
      return i18n._({ id: 'shell.route.whoIsWatching', message: "Who's watching?" });
    case 'Go premium':
      return i18n._({ id: 'shell.route.paywall', message: 'Go premium' });
    case 'Payment':
      return i18n._({ id: 'shell.route.payment', message: 'Payment' });
    case 'Premium':
      return i18n._({ id: 'shell.route.premium', message: 'Premium' });
    case 'Manage subscription':
      return i18n._({ id: 'shell.route.manageSubscription', message: 'Manage subscription' });
    case 'Watch':
      return i18n._({ id: 'shell.route.watch', message: 'Watch' });
    default:
      return english;
  }
}
