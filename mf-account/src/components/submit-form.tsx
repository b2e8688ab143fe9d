import type { ReactNode, Ref } from 'react';
import type { useSubmit } from '../lib/use-submit';
import { FormAlert } from './form-alert';
import screen from '../lib/screen.module.css';

/**
 * A form sent through `useSubmit`, its alert first. With `errorId` the alert
 * describes the form and takes the focus when it appears.
 */
export function SubmitForm({
  submit,
  errorId,
  formRef,
  children,
}: {
  submit: ReturnType<typeof useSubmit>;
  errorId?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      className={screen.form}
      onSubmit={submit.onSubmit}
      noValidate
      aria-describedby={submit.error && errorId ? errorId : undefined}
    >
      <FormAlert id={errorId} ref={errorId ? submit.errorRef : undefined} message={submit.error} />
      {children}
    </form>
  );
}
