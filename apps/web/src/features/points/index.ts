export { PointsBalance } from './components/points-balance';
export { usePointsBalance, updatePointsBalance, pointsQueryKey, type PointsBalanceResponse } from './api/points-api';
