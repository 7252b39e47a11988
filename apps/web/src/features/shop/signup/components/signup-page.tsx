// The sign-up page (/inscription): the account kinds the settings allow, the fields each needs, checked
// by the shared schemas before sending (the server checks them again), and, when the shop allows it,
// ordering without an account. A new account is logged in at once.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../../../../lib/router';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Me } from '@comptoir/shared/auth';
import {
  ACCOUNT_KINDS,
  signupBody,
  temporaryAccountBody,
  type AccountKind,
  type SignupOptions,
} from '@comptoir/shared/signup';
import { paths } from '../../../../config/paths';
import { PageHeader } from '../../../../components/ui/page-header';
import { AddressFields } from '../../../../components/ui/address-fields';
import { FailureAlert } from '../../../../components/ui/failure-alert';
import { PasswordFields } from '../../../../components/ui/password-fields';
import { useFields, type FormFields } from '../../../../lib/use-fields';

const addressOf = (fields: FormFields) => ({
  ligne1: fields.ligne1 ?? '',
  ligne2: fields.ligne2 || undefined,
  codePostal: fields.codePostal ?? '',
  ville: fields.ville ?? '',
});
import { useSignUp, useSignupOptions, useTemporaryAccount } from '../api/signup';
import { SIGNUP_LABELS as LABELS } from '../labels';

function SignupForm({ kinds, onDone }: { kinds: AccountKind[]; onDone: (user: Me) => void }) {
  const [kind, setKind] = useState<AccountKind>(kinds[0]!);
  const { fields, bind, check } = useFields();
  const mutation = useSignUp(onDone);
  const professional = kind === 'professionnel';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(signupBody, {
      type: kind,
      email: fields.email ?? '',
      motDePasse: fields.motDePasse ?? '',
      nom: fields.nom ?? '',
      raisonSociale: professional ? (fields.raisonSociale ?? '') : undefined,
      siret: professional ? (fields.siret ?? '') : undefined,
      telephone: fields.telephone || undefined,
      adresse: addressOf(fields),
    });
    if (body) mutation.mutate(body);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={LABELS.title}>
      <Stack gap="sm">
        {mutation.isError ? <FailureAlert error={mutation.error} /> : null}
        {kinds.length > 1 ? (
          <Radio.Group label={LABELS.kind} value={kind} onChange={(value) => setKind(value as AccountKind)}>
            <Stack gap={6} mt={6}>
              {kinds.map((k) => (
                <Radio key={k} value={k} label={LABELS.kinds[k]} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text>
            {LABELS.kind} : {LABELS.kinds[kind].toLowerCase()}
          </Text>
        )}
        {professional ? (
          <>
            <TextInput
              label={LABELS.company}
              autoComplete="organization"
              required
              {...bind('raisonSociale')}
            />
            <TextInput
              label={LABELS.siret}
              description={LABELS.siretHint}
              inputMode="numeric"
              required
              {...bind('siret')}
            />
          </>
        ) : null}
        <TextInput
          label={professional ? LABELS.contactName : LABELS.name}
          autoComplete="name"
          required
          {...bind('nom')}
        />
        <TextInput label={LABELS.email} type="email" autoComplete="email" required {...bind('email')} />
        <PasswordFields
          bind={bind}
          next="motDePasse"
          nextLabel={LABELS.password}
          nextHint={LABELS.passwordHint}
        />
        <TextInput label={LABELS.phone} type="tel" autoComplete="tel" {...bind('telephone')} />
        <AddressFields bind={bind} errorPrefix="adresse." />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {LABELS.submit}
        </Button>
      </Stack>
    </form>
  );
}

function TemporaryAccountForm({ onDone }: { onDone: (user: Me) => void }) {
  const { fields, bind, check } = useFields();
  const mutation = useTemporaryAccount(onDone);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = check(temporaryAccountBody, {
      email: fields.email ?? '',
      nom: fields.nom ?? '',
      telephone: fields.telephone || undefined,
      adresse: addressOf(fields),
    });
    if (body) mutation.mutate(body);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={LABELS.temporaryTitle}>
      <Stack gap="sm">
        <Text size="sm">{LABELS.temporaryText}</Text>
        {mutation.isError ? <FailureAlert error={mutation.error} /> : null}
        <TextInput label={LABELS.email} type="email" autoComplete="email" required {...bind('email')} />
        <TextInput label={LABELS.name} autoComplete="name" required {...bind('nom')} />
        <TextInput label={LABELS.phone} type="tel" autoComplete="tel" {...bind('telephone')} />
        <AddressFields bind={bind} errorPrefix="adresse." />
        <Button type="submit" variant="light" loading={mutation.isPending} fullWidth>
          {LABELS.temporarySubmit}
        </Button>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Offers({ options, onDone }: { options: SignupOptions; onDone: (user: Me) => void }) {
  const kinds = ACCOUNT_KINDS.filter((kind) => options[kind]);
  return (
    <Stack gap="lg">
      {kinds.length > 0 ? (
        <Section title={LABELS.title}>
          <SignupForm kinds={kinds} onDone={onDone} />
        </Section>
      ) : (
        <Alert variant="light">{LABELS.closed}</Alert>
      )}
      {options.compteTemporaire ? (
        <>
          <Divider />
          <Section title={LABELS.temporaryTitle}>
            <TemporaryAccountForm onDone={onDone} />
          </Section>
        </>
      ) : null}
    </Stack>
  );
}

export function SignupPage({
  redirectTo,
  onDone,
}: {
  redirectTo: string | null;
  onDone: (user: Me) => void;
}) {
  const options = useSignupOptions();
  return (
    <Stack maw={560} mx="auto" gap="md">
      <PageHeader title={LABELS.title} subtitle={LABELS.subtitle} />
      {options.isPending ? <Skeleton height={320} radius="md" /> : null}
      {options.isError ? <FailureAlert error={options.error} /> : null}
      {options.data ? <Offers options={options.data} onDone={onDone} /> : null}
      <Anchor component={Link} to={paths.login.getHref(redirectTo)}>
        {LABELS.loginLink}
      </Anchor>
    </Stack>
  );
}
