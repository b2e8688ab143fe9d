import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, updateStoredUser, useI18n, useSession, type User } from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import { userQueryKey } from '../../../api/get-current-user';
import { uploadAvatar } from '../api/upload-avatar';
import { AVATAR_TYPES, validateAvatar } from '../avatar-validation';
import screen from '../../../lib/screen.module.css';
import styles from './profile.module.css';

/** Choose a picture, check type and size here, preview it, then upload (POST /users/uploadImages). */
export function AvatarUpload() {
  const i18n = useI18n();
  const inputId = useId();
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (f: File | undefined) => {
    setDone(false);
    setError(null);
    setFile(null);
    setPreview(null);
    if (!f) return;
    const problem = validateAvatar(f);
    if (problem) {
      setError(problem);
      return;
    }
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };

  const reset = () => {
    setFile(null);
    setPreview(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const upload = async () => {
    if (!file) return;
    setPending(true);
    setError(null);
    const r = await uploadAvatar(file);
    setPending(false);
    if (!r.status) {
      setError(describeFailure(r));
      return;
    }
    queryClient.setQueryData<User>(userQueryKey(userId), r.data.user);
    updateStoredUser({ avatarUrl: r.data.avatarUrl });
    setDone(true);
    reset();
  };

  return (
    <div className={screen.form}>
      <label className={screen.fieldLabel} htmlFor={inputId}>
        {i18n._({ id: 'mf-account.avatar.label', message: 'Profile picture' })}
        <span className={screen.muted}>
          {i18n._({
            id: 'mf-account.avatar.hint',
            message: 'PNG, JPEG or WebP, up to {max} MB.',
            values: { max: 2 },
          })}
        </span>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={styles.file}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {error ? (
        <p id={`${inputId}-error`} className={screen.alert} role="alert">
          {error}
        </p>
      ) : null}
      {preview ? (
        <div className={styles.preview}>
          <img
            className={styles.avatar}
            src={preview}
            alt={i18n._({
              id: 'mf-account.avatar.previewAlt',
              message: 'Preview of your new profile picture',
            })}
          />
          <div className={screen.row}>
            <Button
              onClick={() => void upload()}
              busy={pending}
              busyLabel={i18n._({ id: 'mf-account.avatar.uploading', message: 'Uploading…' })}
            >
              {i18n._({ id: 'mf-account.avatar.upload', message: 'Upload picture' })}
            </Button>
            <Button variant="ghost" onClick={reset} disabled={pending}>
              {i18n._({ id: 'mf-account.avatar.cancel', message: 'Cancel' })}
            </Button>
          </div>
        </div>
      ) : null}
      {done ? (
        <p className={screen.success} role="status">
          {i18n._({
            id: 'mf-account.avatar.updated',
            message: 'Your profile picture was updated.',
          })}
        </p>
      ) : null}
    </div>
  );
}
