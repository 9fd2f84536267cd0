import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccountSummary as Summary } from '../../lib/receivables/types';
import { AccountSummary } from './account-summary';
import { accountSummary } from '../../test/account-fixtures';

const account = (patch: Partial<Summary> = {}): Summary => accountSummary({ balance: 61_900_00, payment_terms_days: 0, ...patch });

describe('the account at a glance: limit and available credit', () => {
  it('a Contado customer without a limit has no credit, never "Sin límite"', () => {
    render(<AccountSummary account={account()} />);
    expect(screen.getByTestId('account-available')).toHaveTextContent('No tiene (contado)');
    expect(screen.getByTestId('account-credit-limit')).toHaveTextContent('No tiene (contado)');
    expect(screen.queryByText(/Sin límite/)).not.toBeInTheDocument();
  });

  it('a customer on terms without a limit has no limit; a limit is shown as an amount', () => {
    const { unmount } = render(<AccountSummary account={account({ payment_terms_days: 30 })} />);
    expect(screen.getByTestId('account-available')).toHaveTextContent('Sin límite');
    expect(screen.getByTestId('account-credit-limit')).toHaveTextContent('Sin límite');
    unmount();
    render(<AccountSummary account={account({ credit_limit: 100_000_00, available_credit: 38_100_00 })} />);
    expect(screen.getByTestId('account-credit-limit')).toHaveTextContent(/100\.000,00/);
    expect(screen.getByTestId('account-available')).toHaveTextContent(/38\.100,00/);
  });
});
