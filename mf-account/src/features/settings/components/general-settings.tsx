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

const NOTIFICATION_OPTIONS: Array<{
  key: keyof NotificationSettings;
  label: string;
  help: string;
}> = [
  {
    key: 'newReleases',
    label: 'New releases',
    help: 'When titles in your genres arrive. For this profile only.',
  },
  {
    key: 'recommendations',
    label: 'Recommendations',
    help: 'Picks based on what you watch. For this profile only.',
  },
  {
    key: 'accountActivity',
    label: 'Account activity',
    help: 'Sign-ins, password changes and billing, for the whole account.',
  },
  { key: 'marketingEmails', label: 'Offers by email', help: 'News and offers from Streamflix.' },
  {
    key: 'push',
    label: 'Push notifications',
    help: 'Alerts in this browser while Streamflix is open.',
  },
];

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
      setStatus({ kind: 'ok', text: 'Notification settings saved.' });
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
        text: 'Country saved. Titles available there are shown from now on.',
      });
    } else {
      setStatus({ kind: 'error', text: describeFailure(r) });
    }
  };

  return (
    <main className={screen.wide}>
      <h1 className={screen.title}>Settings</h1>
      <p className={screen.lead}>Changes save as you make them.</p>
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
      <QueryState query={user} pending={<Skeleton height={320} label="Loading your settings" />}>
        {(me) => (
          <div className={styles.stack}>
            <SettingsGroup legend="Notifications">
              {NOTIFICATION_OPTIONS.map((o) => (
                <CheckOption
                  key={o.key}
                  label={o.label}
                  help={o.help}
                  checked={me.notificationSettings[o.key]}
                  disabled={busy === o.key}
                  onChange={(on) => void toggleNotification(o.key, on)}
                />
              ))}
            </SettingsGroup>
            <SettingsGroup legend="Playback">
              <CheckOption
                label="Autoplay next episode"
                help="Start the next episode of a series when one ends."
                checked={autoplay}
                onChange={(on) => {
                  setAutoplay(on);
                  setStatus({ kind: 'ok', text: 'Playback settings saved on this device.' });
                }}
              />
              <Select
                label="Default subtitle language"
                value={subtitles ?? ''}
                onChange={(e) => {
                  setSubtitles(e.target.value || null);
                  setStatus({ kind: 'ok', text: 'Playback settings saved on this device.' });
                }}
              >
                <option value="">Off</option>
                <CodeOptions
                  items={
                    options.data?.languages ?? [
                      { code: 'en', name: 'English' },
                      { code: 'es', name: 'Spanish' },
                    ]
                  }
                />
              </Select>
              <p className={screen.muted}>Playback settings apply to this device.</p>
            </SettingsGroup>
            <Card>
              <Select
                label={<span className={screen.sectionTitle}>Country</span>}
                hint="Titles that are not available in your country are hidden."
                value={me.country}
                disabled={busy === 'country'}
                onChange={(e) => void changeCountry(e.target.value)}
              >
                <CodeOptions
                  items={options.data?.countries ?? [{ code: me.country, name: me.country }]}
                />
              </Select>
            </Card>
            <SettingsGroup legend="Privacy">
              <CheckOption
                label="Usage analytics and session replay"
                help={
                  doNotTrack
                    ? 'Off: your browser asks sites not to track you, and we honour that.'
                    : 'Helps us find problems. Typed text is hidden; card and password fields are never recorded.'
                }
                checked={!doNotTrack && analyticsConsent === 'granted'}
                disabled={doNotTrack}
                onChange={(on) => {
                  setAnalyticsConsent(on ? 'granted' : 'denied');
                  setStatus({ kind: 'ok', text: 'Privacy choice saved on this device.' });
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
