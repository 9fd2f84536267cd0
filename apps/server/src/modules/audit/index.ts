// The audit module's public surface: the append-only audit_log table (decision 048).
export { auditBy, listAudit, recordAudit, type AuditActor, type AuditEntry, type AuditQuery, type AuditRow } from './audit.repository';
