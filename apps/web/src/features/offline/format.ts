export { shortDateTime } from '../../lib/short-date-time';
