import { Type, type Static } from 'typebox';
import { NewPassword } from '../routes/auth-routes';

export const ChangePasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: NewPassword,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
