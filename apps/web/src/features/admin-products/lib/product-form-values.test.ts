import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/test-products';
import { buildProductInput, emptyFormValues, parseKilosToGrams, toFormValues } from './product-form-values';

describe('the product form’s IVA rate (the business-identity work, decisions 017–019)', () => {
  it('starts at 21 % for a new product and is sent with the input', () => {
    const values = { ...emptyFormValues(), name: 'Gaseosa', price: '121', retail_price: '150', stock: '5' };
    expect(values.iva_rate).toBe(21);
    expect(buildProductInput(values).input).toMatchObject({ iva_rate: 21 });
  });

  it('keeps a product’s own rate through the form, and a changed one is sent', () => {
    const values = toFormValues(makeProduct({ iva_rate: 10.5 }));
    expect(values.iva_rate).toBe(10.5);
    expect(buildProductInput(values).input).toMatchObject({ iva_rate: 10.5 });
    expect(buildProductInput({ ...values, iva_rate: 0 }).input).toMatchObject({ iva_rate: 0 });
  });

  it('an impossible rate is refused with the Spanish message next to the field', () => {
    const values = { ...toFormValues(makeProduct()), iva_rate: 19 as never };
    const { input, errors } = buildProductInput(values);
    expect(input).toBeNull();
    expect(errors.iva_rate).toBe('La alícuota de IVA debe ser 21 %, 10,5 %, 27 % o 0 % (exento).');
  });
});

describe('the product form’s weight (Repartos, decision 056)', () => {
  it('kilos as typed in Argentina become grams; blank is unknown; anything else is refused at its box', () => {
    expect([parseKilosToGrams('1,5'), parseKilosToGrams('0.25'), parseKilosToGrams(' 12 '), parseKilosToGrams('')]).toEqual([1_500, 250, 12_000, null]);
    expect(parseKilosToGrams('1,2345')).toBeNaN();
    expect(parseKilosToGrams('uno')).toBeNaN();
    const base = { ...emptyFormValues(), name: 'Harina', price: '1.000', retail_price: '1.200' };
    expect(buildProductInput({ ...base, weight_kg: '2,5' }).input?.weight_grams).toBe(2_500);
    expect(buildProductInput({ ...base, weight_kg: 'uno' }).errors.weight_kg).toBeTruthy();
    expect(buildProductInput({ ...base, weight_kg: '0' }).errors.weight_kg).toBe('El peso tiene que ser mayor que cero (dejalo vacío si no lo sabés).');
    expect(toFormValues({ ...makeProduct(), weight_grams: 1_250 }).weight_kg).toBe('1,25');
  });
});
