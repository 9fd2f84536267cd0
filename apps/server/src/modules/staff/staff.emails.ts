import { APP_LINKS } from '@mayorista/core/app-links';
import { messages } from '@mayorista/core/messages';
import { STAFF_ROLE_LABELS, type StaffRole } from '@mayorista/core/roles';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../lib/mailer';

const texts = messages.staff;

/** The invitation: the link where the person chooses their password (single use, expiring). */
export function staffInvitationEmail(input: { to: string; role: StaffRole; token: string; ttlHours: number; appUrl: string; catalogName: string }): MailMessage {
  const link = `${input.appUrl}${APP_LINKS.staffInvitation}?token=${encodeURIComponent(input.token)}`;
  const intro = texts.invitationIntro(STAFF_ROLE_LABELS[input.role], input.catalogName);
  const expires = texts.invitationExpires(input.ttlHours);
  const text = [intro, '', `${texts.invitationAction}: ${link}`, '', expires, '', `— ${input.catalogName}`].join('\n');
  const html = `<!doctype html>
<html lang="es"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(texts.invitationAction)}</a></p>
<p style="font-size: 12px; color: #6b7280">${escapeHtml(expires)}</p>
<p>— ${escapeHtml(input.catalogName)}</p>
</body></html>`;
  return { to: input.to, subject: `${input.catalogName}: ${texts.invitationSubject}`, text, html };
}
