// The sign-up page (/inscription): the account kinds the settings allow, the fields each needs, checked
// by the shared schemas before sending (the server checks them again), and, when the shop allows it,
// ordering without an account. A new account is logged in at once.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
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
import type { z } from 'zod';
import { errorMessage } from '../../../../lib/api';
import { paths } from '../../../../config/paths';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { useSignUp, useSignupOptions, useTemporaryAccount } from '../api/signup';
import { SIGNUP_LABELS as LABELS } from '../labels';

type Fields = Record<string, string>;
type Errors = Record<string, string>;

/** The first message of each invalid field, keyed by its dotted path ('adresse.codePostal'). */
function fieldErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const addressOf = (fields: Fields) => ({
  ligne1: fields.ligne1 ?? '',
  ligne2: fields.ligne2 || undefined,
  codePostal: fields.codePostal ?? '',
  ville: fields.ville ?? '',
});

function useFields() {
  const [fields, setFields] = useState<Fields>({});
  const [errors, setErrors] = useState<Errors>({});
  /** The props of a text input bound to `name` (its error under `errorKey`, the field's path). */
  const bind = (name: string, errorKey = name) => ({
    name,
    value: fields[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
    error: errors[errorKey],
  });
  /** The value checked by `schema`, or null after showing the invalid fields' messages. */
  function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
    const parsed = schema.safeParse(value);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    return parsed.success ? parsed.data : null;
  }
  return { fields, bind, check };
}

function AddressFields({ bind }: { bind: ReturnType<typeof useFields>['bind'] }) {
  return (
    <>
      <Text fw={600}>{LABELS.address}</Text>
      <TextInput
        label={LABELS.line1}
        autoComplete="address-line1"
        required
        {...bind('ligne1', 'adresse.ligne1')}
      />
      <TextInput label={LABELS.line2} autoComplete="address-line2" {...bind('ligne2', 'adresse.ligne2')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={LABELS.postalCode}
          autoComplete="postal-code"
          inputMode="numeric"
          required
          {...bind('codePostal', 'adresse.codePostal')}
        />
        <TextInput
          label={LABELS.city}
          autoComplete="address-level2"
          required
          {...bind('ville', 'adresse.ville')}
        />
      </SimpleGrid>
    </>
  );
}

function FailureAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

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
        <PasswordInput
          label={LABELS.password}
          description={LABELS.passwordHint}
          autoComplete="new-password"
          required
          {...bind('motDePasse')}
        />
        <TextInput label={LABELS.phone} type="tel" autoComplete="tel" {...bind('telephone')} />
        <AddressFields bind={bind} />
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
        <AddressFields bind={bind} />
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
