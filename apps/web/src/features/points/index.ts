/** The points balance shown in the nav; its query lives in lib/queries/points (checkout reads it too). */
export { PointsBalance } from './components/points-balance';
