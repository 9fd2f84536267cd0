import type { CatalogueSnapshot } from '@mayorista/core/offline-snapshot';
import type { AccountSummary, OpenCharges } from '@mayorista/core/schemas/receivables';
import type { RepCustomer } from '@mayorista/core/schemas/staff';
import { ApiError, apiRequest, currentAccessToken, isApiError, reportReachable, type ApiErrorCode } from '../api-client';
import { idbDelete, idbGet, idbGetAll, idbPut } from './idb';

/**
 * A sales rep's day on the device (decision 053): their customers, and for each customer visited
 * today the catalogue at that customer's prices (the customer's own snapshot, with its ETag),
 * their account figures and their open charges (decision 060), in IndexedDB's `rep-day` store. Every read asks the network first and
 * keeps what it got; when the network is not there it answers from the device. Loaded lazily: the
 * rep's pages import it on demand, so it is never part of the first download.
 */
interface DayRecord<T> {
  key: string;
  /** When the server last gave or confirmed it. */
  checkedAt: string;
  etag?: string | null;
  data: T;
}

const customersKey = (repId: string) => `customers:${repId}`;
const catalogKey = (repId: string, customerId: string) => `catalog:${repId}:${customerId}`;
const accountKey = (repId: string, customerId: string) => `account:${repId}:${customerId}`;
const chargesKey = (repId: string, customerId: string) => `charges:${repId}:${customerId}`;

const isNetworkFailure = (error: unknown) => isApiError(error) && error.code === 'network_error';

/** Stored quietly: a device that refuses storage still works online. */
async function keep<T>(key: string, data: T, etag?: string | null): Promise<void> {
  await idbPut<DayRecord<T>>('rep-day', { key, checkedAt: new Date().toISOString(), data, ...(etag === undefined ? {} : { etag }) }).catch(() => undefined);
}

async function stored<T>(key: string): Promise<DayRecord<T> | undefined> {
  return idbGet<DayRecord<T>>('rep-day', key).catch(() => undefined);
}

/** The network's answer, kept; or, without network, the device's copy (the network's error when there is none). */
async function networkThenDevice<T>(key: string, fetchIt: () => Promise<T>): Promise<T> {
  try {
    const data = await fetchIt();
    await keep(key, data);
    return data;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const copy = await stored<T>(key);
    if (!copy) throw error;
    return copy.data;
  }
}

export interface RepCustomersDay {
  day: string;
  items: RepCustomer[];
}

export const repCustomers = (repId: string, signal?: AbortSignal) =>
  networkThenDevice<RepCustomersDay>(customersKey(repId), () => apiRequest<RepCustomersDay>('/api/rep/customers', { signal }));

/** One customer: the network, or the day's list on the device. */
export async function repCustomer(repId: string, customerId: string, signal?: AbortSignal): Promise<RepCustomer> {
  try {
    return await apiRequest<RepCustomer>(`/api/rep/customers/${encodeURIComponent(customerId)}`, { signal });
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const found = (await stored<RepCustomersDay>(customersKey(repId)))?.data.items.find((c) => c.id === customerId);
    if (!found) throw error;
    return found;
  }
}

export const repAccount = (repId: string, customerId: string, signal?: AbortSignal) =>
  networkThenDevice<AccountSummary>(accountKey(repId, customerId), () =>
    apiRequest<AccountSummary>(`/api/rep/customers/${encodeURIComponent(customerId)}/account`, { signal }),
  );

/** The customer's open charges, for "Aplicar a" on the payment dialog (decision 060). */
export const repCharges = (repId: string, customerId: string, signal?: AbortSignal) =>
  networkThenDevice<OpenCharges>(chargesKey(repId, customerId), () =>
    apiRequest<OpenCharges>(`/api/rep/customers/${encodeURIComponent(customerId)}/charges`, { signal }),
  );

export interface RepCatalog {
  snapshot: CatalogueSnapshot;
  /** When the server last confirmed these prices. */
  checkedAt: string;
  /** Read from the device because the network was not there. */
  fromDevice: boolean;
}

/** The customer's catalogue: a conditional GET (304 when unchanged), kept; the device's copy without network. */
export async function repCatalog(repId: string, customerId: string, signal?: AbortSignal): Promise<RepCatalog> {
  const key = catalogKey(repId, customerId);
  const copy = await stored<CatalogueSnapshot>(key);
  const token = await currentAccessToken();
  let response: Response;
  try {
    response = await fetch(`/api/rep/customers/${encodeURIComponent(customerId)}/catalog`, {
      ...(signal ? { signal } : {}),
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(copy?.etag ? { 'If-None-Match': copy.etag } : {}) },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    reportReachable(false);
    if (copy) return { snapshot: copy.data, checkedAt: copy.checkedAt, fromDevice: true };
    throw error;
  }
  reportReachable(true);
  if (response.status === 304 && copy) {
    await keep(key, copy.data, copy.etag);
    return { snapshot: copy.data, checkedAt: new Date().toISOString(), fromDevice: false };
  }
  if (!response.ok) {
    // The API's own refusal (403 not your customer, 401) as every other call reports it.
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, (body.code ?? `http_${response.status}`) as ApiErrorCode, body.message ?? '', body);
  }
  const snapshot = (await response.json()) as CatalogueSnapshot;
  await keep(key, snapshot, response.headers.get('ETag'));
  return { snapshot, checkedAt: new Date().toISOString(), fromDevice: false };
}

/**
 * "Mis clientes" loaded: the day's visits get their catalogue, account and open charges on the
 * device now, so the rep can take their orders and payments in a back room without signal. One customer after another (a
 * phone on a weak line), quietly: a failure leaves that customer to the next load.
 */
export async function keepRepDay(repId: string, customers: RepCustomer[]): Promise<void> {
  for (const customer of customers.filter((c) => c.visit_today)) {
    await repCatalog(repId, customer.id).catch(() => undefined);
    await repAccount(repId, customer.id).catch(() => undefined);
    await repCharges(repId, customer.id).catch(() => undefined);
  }
}

/** Signing out: this rep's customers, their prices, accounts and charges leave the device (the queue stays: it is theirs to send). */
export async function forgetRepDay(repId: string): Promise<void> {
  try {
    const records = await idbGetAll<DayRecord<unknown>>('rep-day');
    for (const record of records) if (record.key.split(':')[1] === repId) await idbDelete('rep-day', record.key);
  } catch {
    // Storage refused: nothing was kept.
  }
}
