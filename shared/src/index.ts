/**
 * @streamflix/shared: the one auth + API module. A federated singleton: every
 * remote imports it by this package name only, and the runtime gives them all
 * the same instance (one session store, one HTTP client, one query cache).
 *
 * Every name a remote may use is listed here. A name removed from this list
 * breaks remotes built against it (see the delivery compatibility gate), so
 * keep old names working until no deployed build imports them.
 */
export {
  getRuntimeConfig,
  setRuntimeConfig,
  apiBaseUrl,
  type RuntimeConfig,
} from './config/runtime-config';
export { STORAGE_KEYS, type StoredToken, type StoredUser } from './session/storage-keys';
export {
  DEVICE_KEYS,
  readGuestMyList,
  writeGuestMyList,
  clearGuestMyList,
  readGuestGenres,
  writeGuestGenres,
  clearGuestGenres,
  readPlayerPreferences,
  writePlayerPreferences,
  readProfilePlayerPreferences,
  writeProfilePlayerPreferences,
  DEVICE_PROFILE,
  type StoredPlayerPreferences,
  type StoredProfilePlayerPreferences,
  type StoredAudioChoice,
} from './session/device-contracts';
export {
  sessionStore,
  tokenAtom,
  refreshTokenAtom,
  userAtom,
  countryAtom,
  bannerShowAtom,
  skippedAtom,
  isSkipedAtom,
  fcmTokenAtom,
  isLoggedInAtom,
  userIdAtom,
  DEFAULT_COUNTRY,
  effectiveCountryAtom,
  reloadSessionFromStorage,
} from './session/session-atoms';
export {
  startSession,
  updateTokens,
  updateStoredUser,
  endSession,
  getAccessToken,
  getRefreshToken,
  getUserId,
  getCountry,
  type LoginTokens,
} from './session/session-actions';
export { useSession } from './session/use-session';
export {
  activeProfileAtom,
  setActiveProfile,
  getActiveProfile,
  useActiveProfile,
  PROFILE_KEY,
  type ActiveProfile,
  type SetActiveProfileOptions,
} from './session/active-profile';
export { browserCountry } from './session/browser-country';
export {
  isSuccess,
  failureMessage,
  ApiError,
  unwrap,
  type ApiSuccess,
  type ApiFailure,
  type ApiResult,
} from './api/envelope';
/** `callApi` is the untyped entry, kept for remotes built before `callOperation`; new code uses `callOperation`. */
export { callApi, getHttp, type CallKind, type CallOptions } from './api/api-client';
export {
  callOperation,
  operationPath,
  type OperationInput,
  type OperationArgs,
} from './api/operation-client';
export { isKidsProfileRefusal, logout, logoutAll } from './api/auth-api';
export { releaseKidsLock } from './api/kids-lock-api';
export {
  EARLY_HERO_EVENT,
  earlyHeroArt,
  forgetEarlyHeroArt,
  useEarlyHeroArt,
} from './api/early-hero';
export { useKidsLock, type DeviceKidsLock } from './session/kids-lock';
export { queryClient, createQueryClient, QUERY_GC_TIME_MS } from './query/query-client';
export { queryKey, titleKey, type CatalogueScope } from './query/query-keys';
export {
  useCatalogueScope,
  getTitleDetail,
  titleDetailQuery,
  useTitleDetail,
} from './query/title-query';
export {
  userQueryKey,
  getUser,
  viewerQuery,
  useViewerQuery,
  invalidateViewer,
} from './query/viewer-query';
export { emit, on, type AppEvents, type AppEventName } from './events/app-events';
export {
  track,
  setAnalyticsSink,
  type AnalyticsCatalogue,
  type AnalyticsEventName,
  type AnalyticsEvent,
} from './analytics/track';
export {
  ANALYTICS_CONSENT_KEY,
  analyticsConsentAtom,
  browserRefusesTracking,
  getAnalyticsConsent,
  type AnalyticsConsent,
} from './analytics/analytics-consent';
export { paths } from './routing/paths';
export {
  ScreenElement,
  useScreenParams,
  type AnyScreen,
  type PathParams,
  type ScreenProps,
} from './routing/screen-props';
export { validateEmail } from './forms/validate-email';
export {
  Button,
  buttonClassName,
  Input,
  Card,
  Icon,
  Skeleton,
  Dialog,
  Page,
  ComingSoon,
  Select,
  type ButtonProps,
  type InputProps,
  type SelectProps,
  type DialogProps,
} from './ui/primitives';
export { ErrorState, EmptyState, QueryState, type QueryStateSource } from './ui/states';
export {
  RatingChoices,
  RatingIcon,
  RATING_CHOICES,
  ratingChoice,
  type RatingChoice,
  type RatingChoicesProps,
} from './ui/rating-choices';
/** SVG icons, never emoji or font glyphs (a device without an emoji font draws empty boxes). */
export {
  ThumbUpIcon,
  ThumbDownIcon,
  HeartIcon,
  MenuIcon,
  CheckIcon,
  CircleIcon,
  CloseIcon,
  PlusIcon,
  StarIcon,
  LockIcon,
  SearchIcon,
  FlagIcon,
  ChevronStartIcon,
  ChevronEndIcon,
  ArrowBackIcon,
  PlayIcon,
  PauseIcon,
  ReplayIcon,
  ForwardIcon,
  AudioIcon,
  SettingsIcon,
  KeyboardIcon,
  FullscreenIcon,
  ExitFullscreenIcon,
  type SvgIconProps,
} from './ui/icons';
export {
  ProfileAvatar,
  PROFILE_AVATAR_COLOURS,
  type ProfileAvatarProps,
} from './ui/profile-avatar';
export { AppProviders } from './app-providers';
export * from './i18n';
export { ROUTER_SURFACE } from './routing/router-surface';
/** The API contract, generated from the server's schemas: types only. */
export type * from './contract/api-types';
