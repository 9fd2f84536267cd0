// Shared by the settings module and the order placement's one-statement read (modules/orders), so
// both read the settings through the same rule.

/**
 * The stored settings document as SQL, with the admins' addresses as `admin_email_recipients`
 * until someone edits that list (decision 029): a new distributor's admins get the new-order
 * e-mails from the first order. The accounts that can manage orders are the admins and super
 * admins (the ADMIN_EMAIL account among them), at most 20 like a list an admin writes. Once the
 * key is stored, even as an empty list, it is what counts.
 */
export const EFFECTIVE_SETTINGS_SQL = `(select case when s.value ? 'admin_email_recipients' then s.value
          else coalesce(s.value, '{}'::jsonb) || jsonb_build_object('admin_email_recipients', (
            select coalesce(jsonb_agg(a.email order by a.email), '[]'::jsonb)
              from (select email from profiles where is_admin or is_super_admin order by email limit 20) a))
        end
   from (select 1) one left join app_settings s on s.id)`;
