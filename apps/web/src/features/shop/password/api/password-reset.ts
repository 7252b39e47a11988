// POST /auth/mot-de-passe-oublie and POST /auth/mot-de-passe-oublie/nouveau.
import { useMutation } from '@tanstack/react-query';
import {
  forgotPasswordBody,
  type ForgotPasswordBody,
  type messageAnswer,
  resetPasswordBody,
  type ResetPasswordBody,
} from '@comptoir/shared/account';
import { apiSend, checkBody } from '../../../../lib/api';

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiSend<typeof messageAnswer>('POST', '/auth/mot-de-passe-oublie', checkBody(forgotPasswordBody, body)),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiSend<typeof messageAnswer>(
        'POST',
        '/auth/mot-de-passe-oublie/nouveau',
        checkBody(resetPasswordBody, body),
      ),
  });
