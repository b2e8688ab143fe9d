import { Type, type Static } from 'typebox';
import { NewPassword } from './auth-schemas';

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: NewPassword,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
