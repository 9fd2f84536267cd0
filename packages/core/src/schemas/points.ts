import { z } from 'zod';

/** GET /api/points: the signed-in customer's balance, in centavos. */
export const pointsBalanceSchema = z.object({ saldo_puntos: z.number().int() });
export type PointsBalance = z.infer<typeof pointsBalanceSchema>;
