import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../../test/test-products';
import { buildProductInput, emptyFormValues, toFormValues } from './product-form-values';

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
