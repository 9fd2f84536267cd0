import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { products } from '@mayorista/core/messages/products';
import { accountPages } from '@mayorista/core/messages/accountPages';
import { ProductForm } from './product-form';

const f = products.admin.fields;

describe('ProductForm', () => {
  it('a refused submit lists the wrong fields next to the button and focuses the first one; nothing is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ProductForm product={null} categories={[]} submitting={false} onSubmit={onSubmit} onCancel={() => {}} />);
    await user.type(screen.getByLabelText(f.price), 'abc');
    await user.click(screen.getByRole('button', { name: products.admin.save }));
    const summary = await screen.findByTestId('form-summary');
    expect(summary).toHaveTextContent(f.name);
    expect(summary).toHaveTextContent(f.price);
    expect(summary.textContent!.indexOf(f.name)).toBeLessThan(summary.textContent!.indexOf(f.price));
    await waitFor(() => expect(screen.getByLabelText(f.name)).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a field typed in is judged as it is left and again as it is corrected; one only passed through is not', async () => {
    const user = userEvent.setup();
    render(<ProductForm product={null} categories={[]} submitting={false} onSubmit={() => {}} onCancel={() => {}} />);
    const price = screen.getByLabelText(f.price);
    await user.click(screen.getByLabelText(f.name));
    await user.tab();
    expect(screen.getByLabelText(f.name)).not.toHaveAttribute('aria-invalid');
    await user.click(price);
    await user.type(price, '12,5O');
    await user.tab();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await user.clear(price);
    await user.type(price, '12,50');
    await waitFor(() => expect(price).not.toHaveAttribute('aria-invalid'));
  });

  it('server field errors are shown the same way', async () => {
    render(
      <ProductForm
        product={null}
        categories={[]}
        serverErrors={{ sku: 'Ese SKU ya existe.' }}
        submitting={false}
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(await screen.findByText('Ese SKU ya existe.')).toBeInTheDocument();
    expect(screen.getByTestId('form-summary')).toHaveTextContent(accountPages.fixSummary([f.sku]));
    await waitFor(() => expect(screen.getByLabelText(f.sku)).toHaveFocus());
  });
});
