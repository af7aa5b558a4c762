import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#core/api/contract.ts';
import { TransactionTable, amountDirection } from '../../../src/islands/profile/TransactionList';

const item = (id: number, amount: string): Transaction => ({
  id,
  type: 'game',
  amount,
  status: 'completed',
  created_at: '2026-03-02T10:00:00.000Z',
  description: `round ${id}`,
});

describe('transaction amounts (UKGC RTS 7: a loss or a push is never shown as a win)', () => {
  it.each([
    ['-0.50', 'is-debit'],
    ['0.00', 'is-even'],
    ['-0.00', 'is-even'],
    ['0.01', 'is-credit'],
    ['15.50', 'is-credit'],
  ])('%s is %s', (amount, direction) => {
    expect(amountDirection(amount)).toBe(direction);
  });

  it('renders a round that paid back its stake as even, not as a credit', () => {
    const html = renderToStaticMarkup(
      createElement(TransactionTable, {
        items: [item(1, '0.00'), item(2, '-0.50')],
        currency: 'EUR',
        locale: 'en',
        t: ((key: string) => key) as never,
        caption: 'History',
      }),
    );
    expect(html).toContain('<td data-label="history.amount" class="tx-table__amount is-even">€0.00</td>');
    expect(html).toContain('<td data-label="history.amount" class="tx-table__amount is-debit">-€0.50</td>');
    expect(html).not.toContain('is-credit');
  });
});
