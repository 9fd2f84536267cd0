import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildProductInput, emptyFormValues, previewProduct, type FieldErrors, type TierFormValue } from '../lib/product-form-values';
import { PricePreview } from './price-preview';
import { TierEditor } from './tier-editor';

const money = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

/** The editor wired the way the product form wires it: tiers in state, preview from the same values. */
function Harness({ initial = [], errors = {}, price = '1000' }: { initial?: TierFormValue[]; errors?: FieldErrors; price?: string }) {
  const [tiers, setTiers] = useState(initial);
  const values = { ...emptyFormValues(), price, retail_price: '1500', discounts: tiers };
  return (
    <>
      <TierEditor tiers={tiers} onChange={setTiers} errors={errors} />
      <PricePreview product={previewProduct(values)} />
      <output data-testid="built">{JSON.stringify(buildProductInput({ ...values, name: 'X' }).input?.discounts ?? null)}</output>
    </>
  );
}

const rows = () => within(screen.getByRole('group', { name: /Descuentos por cantidad/ })).queryAllByRole('listitem');

describe('TierEditor', () => {
  it('adds rows (focusing the new one), edits type, value and quantity, and removes them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Sin descuentos por cantidad.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar descuento' }));
    expect(rows()).toHaveLength(1);
    const first = within(rows()[0]!);
    expect(first.getByLabelText('Cantidad mínima')).toHaveFocus();
    await user.type(first.getByLabelText('Cantidad mínima'), '6');
    await user.type(first.getByLabelText('Valor'), '10');

    await user.click(screen.getByRole('button', { name: 'Agregar descuento' }));
    const second = within(rows()[1]!);
    // The next row suggests twice the previous quantity.
    expect(second.getByLabelText('Cantidad mínima')).toHaveValue('12');
    await user.selectOptions(second.getByLabelText('Tipo'), 'final_price');
    await user.type(second.getByLabelText('Valor'), '750,50');

    await user.click(screen.getByRole('button', { name: 'Agregar descuento' }));
    const third = within(rows()[2]!);
    await user.selectOptions(third.getByLabelText('Tipo'), 'fixed');
    await user.type(third.getByLabelText('Valor'), '1');

    expect(JSON.parse(screen.getByTestId('built').textContent!)).toEqual([
      { minQuantity: 6, discountType: 'percentage', discountValue: 10 },
      { minQuantity: 12, discountType: 'final_price', discountValue: 75_050 },
      { minQuantity: 24, discountType: 'fixed', discountValue: 100 },
    ]);

    await user.click(screen.getByRole('button', { name: 'Quitar descuento 2' }));
    expect(rows().map((row) => within(row).getByLabelText<HTMLInputElement>('Cantidad mínima').value)).toEqual(['6', '24']);
  });

  it('updates the live preview with the tier that applies at the test quantity', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={[
          { key: 'a', minQuantity: '6', discountType: 'percentage', discountValue: '10' },
          { key: 'b', minQuantity: '12', discountType: 'final_price', discountValue: '800' },
        ]}
      />,
    );
    expect(money(screen.getByTestId('preview-unit').textContent)).toBe('$ 1.000,00');
    const quantity = screen.getByLabelText('Cantidad de prueba');
    await user.clear(quantity);
    await user.type(quantity, '7');
    expect(money(screen.getByTestId('preview-unit').textContent)).toBe('$ 900,00');
    expect(money(screen.getByTestId('preview-total').textContent)).toBe('$ 6.300,00');
    expect(money(screen.getByTestId('preview-savings').textContent)).toBe('$ 700,00');
    expect(screen.getByTestId('preview-applied')).toHaveTextContent('Descuento desde 6 u.');

    await user.clear(quantity);
    await user.type(quantity, '12');
    expect(money(screen.getByTestId('preview-unit').textContent)).toBe('$ 800,00');

    // Editing the tier value changes the preview at once.
    const secondValue = within(rows()[1]!).getByLabelText('Valor');
    await user.clear(secondValue);
    await user.type(secondValue, '750');
    expect(money(screen.getByTestId('preview-unit').textContent)).toBe('$ 750,00');
  });

  it('shows the errors of each row next to it and marks the fields invalid', () => {
    render(
      <Harness
        initial={[{ key: 'a', minQuantity: '1', discountType: 'percentage', discountValue: '150' }]}
        errors={{
          'discounts.0.minQuantity': 'La cantidad mínima de un descuento debe ser al menos 2.',
          'discounts.0.discountValue': 'El porcentaje debe estar entre 0 y 100.',
        }}
      />,
    );
    const row = within(rows()[0]!);
    expect(row.getByLabelText('Cantidad mínima')).toHaveAttribute('aria-invalid', 'true');
    expect(row.getByLabelText('Cantidad mínima')).toHaveAccessibleDescription(
      'La cantidad mínima de un descuento debe ser al menos 2. El porcentaje debe estar entre 0 y 100.',
    );
  });
});

describe('buildProductInput', () => {
  it('converts pesos to centavos and validates with the core schema', () => {
    const { input, errors } = buildProductInput({
      ...emptyFormValues(),
      name: 'Aceite',
      price: '1.234,50',
      retail_price: '1500',
      on_sale: true,
      sale_price: '1300',
    });
    expect(input).toBeNull();
    expect(errors).toEqual({ sale_price: 'El precio de oferta debe ser menor que el precio mayorista.' });

    const valid = buildProductInput({ ...emptyFormValues(), name: 'Aceite', price: '1.234,50', retail_price: '$ 1.500', stock: '3' });
    expect(valid.errors).toEqual({});
    expect(valid.input).toMatchObject({ price: 123_450, retail_price: 150_000, stock: 3 });
  });

  it('reports unreadable amounts and duplicate tier quantities by field', () => {
    expect(buildProductInput({ ...emptyFormValues(), name: 'Aceite', price: 'mil', retail_price: '10' }).errors).toEqual({
      price: 'Ingresá un importe válido (por ejemplo 1234,50).',
    });
    const { errors } = buildProductInput({
      ...emptyFormValues(),
      name: 'Aceite',
      price: '100',
      retail_price: '10',
      discounts: [
        { key: 'a', minQuantity: '6', discountType: 'percentage', discountValue: '5' },
        { key: 'b', minQuantity: '6', discountType: 'percentage', discountValue: '8' },
      ],
    });
    expect(errors['discounts.1.minQuantity']).toBe('Cada descuento debe tener una cantidad mínima distinta.');
  });
});
