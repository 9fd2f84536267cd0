// The staff module's public surface: roles held, invitations (decision 046).
export * from './staff.repository';
export { staffInvitationEmail } from './staff.emails';
