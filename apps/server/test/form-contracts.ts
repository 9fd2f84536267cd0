import type { z } from 'zod';
import { cuitCheckDigit } from '@mayorista/core';
import { businessProfileSchema, personalMetadataSchema } from '@mayorista/core/schemas';
import { toRegisterBody, type RegisterValues } from '../../web/src/features/auth/register-body';

/**
 * Every form of the web app that sends a body to the API, with the very function the browser uses
 * to build that body (docs/decisions/028). form-contracts.test.ts sends each one through the real
 * route and generates, from the text fields' schemas, the bodies with only the required fields,
 * every field at its limit, every optional field filled, and each field one character over.
 * `WEB_REQUESTS` lists every call of the web app that sends a body: the test fails when one is
 * neither a form here nor classified as a button's fixed body.
 */

export type ContractCaller = 'anonymous' | 'unapproved' | 'customer' | 'admin' | 'superAdmin';

/** What the contracts refer to; created once by the test. */
export interface ContractFixtures {
  /** A CUIT no other account holds. */
  freshCuit(): string;
  /** An address no other account holds. */
  freshEmail(): string;
}

export interface TextField {
  /** The field's schema in core: its limits and messages come from it (core/schemas/text.ts). */
  schema: z.ZodType;
  /** Where the value lands in the body (`data.razon_social`). */
  path: string;
}

export interface FormContract<V extends object = Record<string, unknown>> {
  /** The form as a person finds it. */
  form: string;
  /** The web file that sends the request. */
  webFile: string;
  method: 'POST' | 'PUT' | 'PATCH';
  caller: ContractCaller;
  url(f: ContractFixtures): string | Promise<string>;
  /** The browser's own builder: form values → request body. */
  build(values: V): unknown;
  /** The form with only its required fields filled, every optional field left empty. */
  required(f: ContractFixtures): V;
  /** Every optional field filled as well. */
  full(f: ContractFixtures): V;
  /** The form's text fields by value name. */
  texts: Partial<Record<keyof V & string, TextField>>;
  /** Status of an accepted request. */
  ok: number;
}

const defineContract = <V extends object>(contract: FormContract<V>) => contract as unknown as FormContract;

export function freshCuit(): string {
  for (;;) {
    const first10 = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const digit = cuitCheckDigit(first10);
    if (digit !== null) return first10 + String(digit);
  }
}

const businessRequired = (f: ContractFixtures) => ({
  razon_social: 'Almacén Don José',
  cuit: f.freshCuit(),
  iva_condition: 'monotributista',
  whatsapp: '11 1234-5678',
  address_street: 'Av. Corrientes 1234',
  address_city: 'Buenos Aires',
  address_province: 'AR-B',
  address_postal_code: '1425',
  delivery_notes: '',
});

const businessTexts = (prefix: string) => ({
  razon_social: { schema: businessProfileSchema.shape.razon_social, path: `${prefix}razon_social` },
  address_street: { schema: businessProfileSchema.shape.address_street, path: `${prefix}address_street` },
  address_city: { schema: businessProfileSchema.shape.address_city, path: `${prefix}address_city` },
  delivery_notes: { schema: businessProfileSchema.shape.delivery_notes, path: `${prefix}delivery_notes` },
});

const randomDni = () => String(20_000_000 + Math.floor(Math.random() * 70_000_000));

export const formContracts: FormContract[] = [
  defineContract<RegisterValues>({
    form: 'Registro (/register)',
    webFile: 'apps/web/src/features/auth/components/register-form.tsx',
    method: 'POST',
    caller: 'anonymous',
    url: () => '/api/auth/signup',
    build: toRegisterBody,
    required: (f) => ({ nombre: 'Lucía', apellido: 'Pérez', dni: randomDni(), email: f.freshEmail(), password: 'una-clave-bastante-larga', ...businessRequired(f) }),
    full: (f) => ({
      nombre: 'Lucía',
      apellido: 'Pérez',
      dni: randomDni(),
      email: f.freshEmail(),
      password: 'una-clave-bastante-larga',
      ...businessRequired(f),
      delivery_notes: 'Timbre 2B, de 8 a 13',
    }),
    texts: {
      nombre: { schema: personalMetadataSchema.shape.nombre, path: 'data.nombre' },
      apellido: { schema: personalMetadataSchema.shape.apellido, path: 'data.apellido' },
      ...businessTexts('data.'),
    },
    ok: 200,
  }),
];
