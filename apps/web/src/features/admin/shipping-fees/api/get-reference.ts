// The lists the fee form and the simulator choose from: agencies, zones, sales-plan families, carriers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agenceList } from '@comptoir/shared/reference';
import { salesPlanFamilyList } from '@comptoir/shared/sales-plan';
import { transporteurList, zoneList } from '@comptoir/shared/shipping/contract';
import { apiGet } from '../../../../lib/api';
import { shippingKeys } from './keys';

const longLived = 5 * 60_000;

export const agencesQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.agences,
    queryFn: () => apiGet('/service/agences', agenceList),
    staleTime: longLived,
    meta: { errorToast: true },
  });

export const zonesQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.zones,
    queryFn: () => apiGet('/service/zones', zoneList),
    staleTime: longLived,
    meta: { errorToast: true },
  });

/** GET /service/planVente: every family in tree order, with its level. */
export const planVenteQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.planVente,
    queryFn: () => apiGet('/service/planVente', salesPlanFamilyList),
    staleTime: longLived,
    meta: { errorToast: true },
  });

export const transporteursQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.transporteurs,
    queryFn: () => apiGet('/service/transporteurs', transporteurList),
    meta: { errorToast: true },
  });

export const useAgences = () => useQuery(agencesQueryOptions());
export const useZones = () => useQuery(zonesQueryOptions());
export const usePlanVente = () => useQuery(planVenteQueryOptions());
export const useTransporteurs = () => useQuery(transporteursQueryOptions());
