// What the carrier form edits (a draft of the carrier body, its text fields as typed) and the fields
// whose errors it shows.
import type {
  CarrierOption,
  CarrierParam,
  Transporteur,
  TransporteurBodyInput,
} from '@comptoir/shared/shipping/contract';

/** What the form edits: the carrier body with text fields as typed. */
export interface CarrierDraft {
  id: number | null;
  nom: string;
  description: string;
  logo: string | null;
  tracking_url: string;
  id_forfait_transport: number | null;
  etat: boolean;
  position: number | null;
  params: CarrierParam[];
  options: CarrierOption[];
  retrait: boolean;
}

export function draftOf(carrier: Transporteur | null): CarrierDraft {
  return {
    id: carrier?.id ?? null,
    nom: carrier?.nom ?? '',
    description: carrier?.description ?? '',
    logo: carrier?.logo ?? null,
    tracking_url: carrier?.tracking_url ?? '',
    id_forfait_transport: carrier?.id_forfait_transport ?? null,
    etat: carrier?.etat ?? true,
    position: carrier?.position ?? null,
    params: carrier?.params ?? [],
    options: carrier?.options ?? [],
    retrait: carrier?.retrait ?? false,
  };
}

export function bodyOf(draft: CarrierDraft): TransporteurBodyInput {
  return {
    id: draft.id,
    nom: draft.nom,
    description: draft.description,
    logo: draft.logo,
    tracking_url: draft.tracking_url,
    id_forfait_transport: draft.id_forfait_transport,
    etat: draft.etat,
    position: draft.position,
    params: draft.params,
    options: draft.options,
    retrait: draft.retrait,
  };
}

const FORM_FIELDS = ['nom', 'description', 'logo', 'tracking_url'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FieldErrors = Partial<Record<FormField, string>>;
export const isFormField = (key: unknown): key is FormField => FORM_FIELDS.includes(key as FormField);
