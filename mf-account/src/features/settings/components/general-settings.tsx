import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import {
  Card,
  LanguageMenu,
  QueryState,
  Select,
  Skeleton,
  analyticsConsentAtom,
  browserRefusesTracking,
  countryAtom,
  updateStoredUser,
  useI18n,
  useSession,
  type NotificationSettings,
  type User,
} from '@streamflix/shared';
import { autoplayNextAtom, subtitleLanguageAtom } from '../../../lib/playback-preferences';
import { describeFailure } from '../../../lib/describe-failure';
import { useCurrentUser, userQueryKey } from '../../../api/get-current-user';
import { useFilterOptions } from '../../../api/get-filter-options';
import { updateCountry } from '../api/update-country';
import { updateNotificationSettings } from '../api/update-notification-settings';
import screen from '../../../lib/screen.module.css';
import styles from './settings.module.css';
import { CodeOptions } from '../../../components/code-options';
import { YourData } from './your-data';

const NOTIFICATION_KEYS: Array<keyof NotificationSettings> = [
  'newReleases',
  'recommendations',
  'accountActivity',
  'marketingEmails',
  'push',
];

/** A notification setting's name and what it does, in the active language. */
function notificationText(
  i18n: ReturnType<typeof useI18n>,
  key: keyof NotificationSettings,
): { label: string; help: string } {
  switch (key) {
    case 'newReleases':
      return {
        label: i18n._({ id: 'mf-account.settings.newReleases', message: 'New releases' }),
        help: i18n._({
          id: 'mf-account.settings.newReleasesHelp',
          message: 'When titles in your genres arrive. For this profile only.',
        }),
      };
    case 'recommendations':
      return {
        label: i18n._({ id: 'mf-account.settings.recommendations', message: 'Recommendations' }),
        help: i18n._({
          id: 'mf-account.settings.recommendationsHelp',
          message: 'Picks based on what you watch. For this profile only.',
        }),
      };
    case 'accountActivity':
      return {
        label: i18n._({ id: 'mf-account.settings.accountActivity', message: 'Account activity' }),
        help: i18n._({
          id: 'mf-account.settings.accountActivityHelp',
          message: 'Sign-ins, password changes and billing, for the whole account.',
        }),
      };
    case 'marketingEmails':
      return {
        label: i18n._({ id: 'mf-account.settings.marketing', message: 'Offers by email' }),
        help: i18n._({
          id: 'mf-account.settings.marketingHelp',
          message: 'News and offers from Streamflix.',
        }),
      };
    default:
      return {
        label: i18n._({ id: 'mf-account.settings.push', message: 'Push notifications' }),
        help: i18n._({
          id: 'mf-account.settings.pushHelp',
          message: 'Alerts in this browser while Streamflix is open.',
        }),
      };
  }
}

/** A titled group of settings, one card each. */
function SettingsGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Card>
      <fieldset className={styles.fieldset}>
        <legend className={screen.sectionTitle}>{legend}</legend>
        {children}
      </fieldset>
    </Card>
  );
}

/** One on/off setting: its name, and under it what it does. */
function CheckOption({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={screen.check}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        {label}
        <small>{help}</small>
      </span>
    </label>
  );
}

/** /general: notification settings, playback preferences, country, privacy and the viewer's data. */
export function GeneralSettings() {
  const i18n = useI18n();
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const options = useFilterOptions();
  const [autoplay, setAutoplay] = useAtom(autoplayNextAtom);
  const [subtitles, setSubtitles] = useAtom(subtitleLanguageAtom);
  const setCountry = useSetAtom(countryAtom);
  const [analyticsConsent, setAnalyticsConsent] = useAtom(analyticsConsentAtom);
  const doNotTrack = browserRefusesTracking();
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const patchUser = (fn: (u: User) => User) =>
    queryClient.setQueryData<User>(userQueryKey(userId), (prev) => (prev ? fn(prev) : prev));

  const toggleNotification = async (key: keyof NotificationSettings, value: boolean) => {
    setBusy(key);
    setStatus(null);
    // Optimistic: the box flips at once and flips back if the server refuses.
    patchUser((u) => ({ ...u, notificationSettings: { ...u.notificationSettings, [key]: value } }));
    const r = await updateNotificationSettings(userId, { [key]: value });
    setBusy(null);
    if (r.status) {
      patchUser((u) => ({ ...u, notificationSettings: r.data }));
      setStatus({
        kind: 'ok',
        text: i18n._({
          id: 'mf-account.settings.notificationsSaved',
          message: 'Notification settings saved.',
        }),
      });
    } else {
      patchUser((u) => ({
        ...u,
        notificationSettings: { ...u.notificationSettings, [key]: !value },
      }));
      setStatus({ kind: 'error', text: describeFailure(r) });
    }
  };

  const changeCountry = async (country: string) => {
    setBusy('country');
    setStatus(null);
    const r = await updateCountry(userId, country);
    setBusy(null);
    if (r.status) {
      queryClient.setQueryData<User>(userQueryKey(userId), r.data);
      updateStoredUser({ country: r.data.country });
      setCountry(r.data.country);
      setStatus({
        kind: 'ok',
        text: i18n._({
          id: 'mf-account.settings.countrySaved',
          message: 'Country saved. Titles available there are shown from now on.',
        }),
      });
    } else {
      setStatus({ kind: 'error', text: describeFailure(r) });
    }
  };

  return (
    <main className={screen.wide}>
      <h1 className={screen.title}>
        {i18n._({ id: 'mf-account.settings.title', message: 'Settings' })}
      </h1>
      <p className={screen.lead}>
        {i18n._({ id: 'mf-account.settings.lead', message: 'Changes save as you make them.' })}
      </p>
      <LanguageMenu />
      <div aria-live="polite" className={styles.status}>
        {status ? (
          <p
            className={status.kind === 'ok' ? screen.success : screen.alert}
            role={status.kind === 'error' ? 'alert' : 'status'}
          >
            {status.text}
          </p>
        ) : null}
      </div>
      <QueryState
        query={user}
        pending={
          <Skeleton
            height={320}
            label={i18n._({ id: 'mf-account.settings.loading', message: 'Loading your settings' })}
          />
        }
      >
        {(me) => (
          <div className={styles.stack}>
            <SettingsGroup
              legend={i18n._({ id: 'mf-account.settings.notifications', message: 'Notifications' })}
            >
              {NOTIFICATION_KEYS.map((key) => (
                <CheckOption
                  key={key}
                  {...notificationText(i18n, key)}
                  checked={me.notificationSettings[key]}
                  disabled={busy === key}
                  onChange={(on) => void toggleNotification(key, on)}
                />
              ))}
            </SettingsGroup>
            <SettingsGroup
              legend={i18n._({ id: 'mf-account.settings.playback', message: 'Playback' })}
            >
              <CheckOption
                label={i18n._({
                  id: 'mf-account.settings.autoplay',
                  message: 'Autoplay next episode',
                })}
                help={i18n._({
                  id: 'mf-account.settings.autoplayHelp',
                  message: 'Start the next episode of a series when one ends.',
                })}
                checked={autoplay}
                onChange={(on) => {
                  setAutoplay(on);
                  setStatus({
                    kind: 'ok',
                    text: i18n._({
                      id: 'mf-account.settings.playbackSaved',
                      message: 'Playback settings saved on this device.',
                    }),
                  });
                }}
              />
              <Select
                label={i18n._({
                  id: 'mf-account.settings.subtitles',
                  message: 'Default subtitle language',
                })}
                value={subtitles ?? ''}
                onChange={(e) => {
                  setSubtitles(e.target.value || null);
                  setStatus({
                    kind: 'ok',
                    text: i18n._({
                      id: 'mf-account.settings.playbackSaved',
                      message: 'Playback settings saved on this device.',
                    }),
                  });
                }}
              >
                <option value="">
                  {i18n._({ id: 'mf-account.settings.subtitlesOff', message: 'Off' })}
                </option>
                <CodeOptions
                  items={
                    options.data?.languages ?? [
                      {
                        code: 'en',
                        name: i18n._({ id: 'mf-account.settings.langEnglish', message: 'English' }),
                      },
                      {
                        code: 'es',
                        name: i18n._({ id: 'mf-account.settings.langSpanish', message: 'Spanish' }),
                      },
                    ]
                  }
                />
              </Select>
              <p className={screen.muted}>
                {i18n._({
                  id: 'mf-account.settings.playbackDevice',
                  message: 'Playback settings apply to this device.',
                })}
              </p>
            </SettingsGroup>
            <Card>
              <Select
                label={
                  <span className={screen.sectionTitle}>
                    {i18n._({ id: 'mf-account.settings.country', message: 'Country' })}
                  </span>
                }
                hint={i18n._({
                  id: 'mf-account.settings.countryHint',
                  message: 'Titles that are not available in your country are hidden.',
                })}
                value={me.country}
                disabled={busy === 'country'}
                onChange={(e) => void changeCountry(e.target.value)}
              >
                <CodeOptions
                  items={options.data?.countries ?? [{ code: me.country, name: me.country }]}
                />
              </Select>
            </Card>
            <SettingsGroup
              legend={i18n._({ id: 'mf-account.settings.privacy', message: 'Privacy' })}
            >
              <CheckOption
                label={i18n._({
                  id: 'mf-account.settings.analytics',
                  message: 'Usage analytics and session replay',
                })}
                help={
                  doNotTrack
                    ? i18n._({
                        id: 'mf-account.settings.analyticsDnt',
                        message:
                          'Off: your browser asks sites not to track you, and we honour that.',
                      })
                    : i18n._({
                        id: 'mf-account.settings.analyticsHelp',
                        message:
                          'Helps us find problems. Typed text is hidden; card and password fields are never recorded.',
                      })
                }
                checked={!doNotTrack && analyticsConsent === 'granted'}
                disabled={doNotTrack}
                onChange={(on) => {
                  setAnalyticsConsent(on ? 'granted' : 'denied');
                  setStatus({
                    kind: 'ok',
                    text: i18n._({
                      id: 'mf-account.settings.privacySaved',
                      message: 'Privacy choice saved on this device.',
                    }),
                  });
                }}
              />
            </SettingsGroup>
            <YourData email={me.email} hasPassword={me.hasPassword} />
          </div>
        )}
      </QueryState>
    </main>
  );
}
