// POST /auth/mot-de-passe-oublie and POST /auth/mot-de-passe-oublie/nouveau.
import { useMutation } from '@tanstack/react-query';
import {
  forgotPasswordBody,
  messageAnswer,
  resetPasswordBody,
  type ForgotPasswordBody,
  type ResetPasswordBody,
} from '@comptoir/shared/account';
import { apiSend } from '../../../../lib/api';

export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiSend('POST', '/auth/mot-de-passe-oublie', forgotPasswordBody, body, messageAnswer),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiSend('POST', '/auth/mot-de-passe-oublie/nouveau', resetPasswordBody, body, messageAnswer),
  });
