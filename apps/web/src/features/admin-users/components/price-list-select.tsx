import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { priceLists as text } from '@mayorista/core/messages/priceLists';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast-store';
import { apiRequest } from '../../../lib/api-client';
import { formatListPercentage, priceListsKey, priceListsQueryOptions } from '../../../lib/queries/price-lists';
import { adminUsersKeys, type AdminUser } from '../api/admin-users-api';

function assignPriceList(userId: string, priceListId: string | null): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}/price-list`, {
    method: 'PATCH',
    body: { price_list_id: priceListId },
  });
}

const BASE = '';

/** The business-identity work (decisions 017–019): which price list a customer buys at ("Lista base" = none). Changes only that customer. */
export function PriceListSelect({ user, displayName }: { user: AdminUser; displayName: string }) {
  const id = useId();
  const lists = useQuery(priceListsQueryOptions());
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (listId: string | null) => assignPriceList(user.id, listId),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
      // The lists' customer counts changed.
      void queryClient.invalidateQueries({ queryKey: priceListsKey });
      const name = lists.data?.items.find((l) => l.id === updated.price_list_id)?.name ?? text.baseList;
      toast({ title: text.assignedTitle, description: text.assigned(displayName, name) });
    },
    onError: (error: Error) => toast({ title: text.errorTitle, description: error.message, variant: 'destructive' }),
  });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id} className="text-sm">
        {text.selectShort}
      </Label>
      <select
        id={id}
        aria-label={text.selectLabel(displayName)}
        value={user.price_list_id ?? BASE}
        disabled={mutation.isPending || !lists.data}
        onChange={(e) => mutation.mutate(e.target.value === BASE ? null : e.target.value)}
        className="block min-h-11 rounded-md border border-slate-400 bg-white px-2 text-sm"
      >
        <option value={BASE}>{text.baseList}</option>
        {lists.data?.items.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name} ({formatListPercentage(list.percentage)})
          </option>
        ))}
      </select>
    </div>
  );
}
