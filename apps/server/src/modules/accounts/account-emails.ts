import { APP_LINKS } from '@mayorista/core/app-links';
import { messages, plainDisplayName } from '@mayorista/core';
import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../lib/mailer';

const emailTexts = messages.emails;

interface LinkEmail {
  to: string;
  nombre: string;
  catalogName: string;
  subject: string;
  intro: string;
  buttonLabel: string;
  link: string;
  ignoreHint: boolean;
}

function linkEmail(e: LinkEmail): MailMessage {
  // The name was typed by whoever signed up, maybe with someone else's address: no links in it.
  const greeting = emailTexts.greeting(plainDisplayName(e.nombre));
  const text = [
    greeting,
    '',
    e.intro,
    e.link,
    ...(e.ignoreHint ? ['', emailTexts.ignoreIfNotYou] : []),
    '',
    `— ${e.catalogName}`,
  ].join('\n');
  const href = escapeHtml(e.link);
  const html = `<!doctype html>
<html lang="es"><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(e.intro)}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(e.buttonLabel)}</a></p>
<p style="font-size: 12px; color: #6b7280">${href}</p>
${e.ignoreHint ? `<p style="font-size: 12px; color: #6b7280">${escapeHtml(emailTexts.ignoreIfNotYou)}</p>\n` : ''}<p>— ${escapeHtml(e.catalogName)}</p>
</body></html>`;
  return { to: e.to, subject: e.subject, text, html };
}

interface Recipient {
  to: string;
  nombre: string;
  catalogName: string;
  appUrl: string;
}

export function verificationEmail(r: Recipient & { token: string }): MailMessage {
  return linkEmail({
    ...r,
    subject: emailTexts.verifySubject(r.catalogName),
    intro: emailTexts.verifyText(r.catalogName),
    buttonLabel: emailTexts.verifyButton,
    link: `${r.appUrl}${APP_LINKS.verifyEmail}?token=${encodeURIComponent(r.token)}`,
    ignoreHint: true,
  });
}

export function passwordRecoveryEmail(r: Recipient & { token: string }): MailMessage {
  return linkEmail({
    ...r,
    subject: emailTexts.recoverSubject(r.catalogName),
    intro: emailTexts.recoverText(r.catalogName),
    buttonLabel: emailTexts.recoverButton,
    link: `${r.appUrl}${APP_LINKS.resetPassword}?token=${encodeURIComponent(r.token)}`,
    ignoreHint: true,
  });
}

export function accountApprovedEmail(r: Recipient): MailMessage {
  return linkEmail({
    ...r,
    subject: emailTexts.approvedSubject(r.catalogName),
    intro: emailTexts.approvedText(r.catalogName),
    buttonLabel: emailTexts.approvedButton,
    link: `${r.appUrl}${APP_LINKS.catalog}`,
    ignoreHint: false,
  });
}

/** Sign-up with an address that already has an account: its owner is told, the caller is not. */
export function accountExistsEmail(r: Recipient): MailMessage {
  return linkEmail({
    ...r,
    subject: emailTexts.accountExistsSubject(r.catalogName),
    intro: emailTexts.accountExistsText(r.catalogName),
    buttonLabel: emailTexts.accountExistsButton,
    link: `${r.appUrl}${APP_LINKS.login}`,
    ignoreHint: true,
  });
}
