import { logout, useI18n } from '@streamflix/shared';
import { AccountPasswordDialog } from './account-password-dialog';

/**
 * Signing out of a kids profile: the API keeps the device signed in, on the kids ceiling, until the
 * account password is given (POST /auth/logout with { password }), so a child can't become a guest
 * with no ceiling. Enter submits; Escape or Cancel keeps the device as it is.
 */
export function KidsSignOutDialog({
  profileName,
  onCancel,
  onSignedOut,
}: {
  profileName: string;
  onCancel: () => void;
  onSignedOut: () => void;
}) {
  const i18n = useI18n();
  return (
    <AccountPasswordDialog
      formId="kids-sign-out"
      explanation={i18n._({
        id: 'shell.kidsSignOut.explain',
        message:
          "{profileName} is a kids profile. Signing out of it, or browsing as a guest, needs the account's password.",
        values: { profileName },
      })}
      submitLabel={i18n._({ id: 'shell.kidsSignOut.submit', message: 'Sign out' })}
      busyLabel={i18n._({ id: 'shell.kidsSignOut.busy', message: 'Signing out…' })}
      onCancel={onCancel}
      check={async (password) => {
        const result = await logout({ password });
        // Refused (no, wrong or too many passwords): the device stays signed in on the kids profile.
        if (result.status || ![400, 403, 429].includes(result.httpStatus ?? 0)) {
          onSignedOut();
          return null;
        }
        return result;
      }}
    />
  );
}
