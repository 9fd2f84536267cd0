import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@mayorista/core/money';
import { staff as text } from '@mayorista/core/messages/staff';
import { profileCan } from '@mayorista/core/roles';
import type { AuditPage } from '@mayorista/core/schemas/staff';
import { apiRequest } from '../lib/api-client';
import { useAuth } from '../lib/auth';

/**
 * An entity page's own history from the activity log (decision 048): who did what to this order,
 * customer or product, newest first. Only for those who may read the log (the owner); nothing for
 * anyone else.
 */
export function EntityHistory({ entity, entityId }: { entity: 'order' | 'customer' | 'product'; entityId: string }) {
  const { profile } = useAuth();
  const allowed = profileCan(profile, 'audit.read');
  const query = useQuery({
    queryKey: ['admin-audit', { entity, entity_id: entityId, page: 1 }],
    queryFn: ({ signal }) => apiRequest<AuditPage>('/api/admin/audit', { signal, query: { entity, entity_id: entityId, page_size: 20 } }),
    enabled: allowed,
  });
  if (!allowed || !query.data || query.data.items.length === 0) return null;
  return (
    <section aria-labelledby={`historial-${entityId}`} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`historial-${entityId}`} className="font-semibold text-slate-900">
        {text.activity}
      </h3>
      <ul className="mt-2 space-y-1 text-sm">
        {query.data.items.map((entry) => (
          <li key={entry.id} className="text-slate-700">
            <span className="text-slate-500">{formatDateTime(entry.at)}</span> · {entry.actor_name} · {text.actionLabels[entry.action] ?? entry.action}
          </li>
        ))}
      </ul>
    </section>
  );
}
