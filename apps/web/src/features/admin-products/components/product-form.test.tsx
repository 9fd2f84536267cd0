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
