/**
 * The withdrawals room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the 7-day withdrawal
 * made (ADR 0030, ADR 0037): the route handler billing's routes mount, the sweep and the Pix payouts of
 * boleto refunds (ADR 0043). Other rooms import this file, never one inside the room (biome.json).
 */

export { payoutsRoutes } from './payouts/payouts.routes.server';
export { withdrawPurchaseRoute } from './withdraw-purchase.route.server';
export { registerWithdrawalSweep } from './withdrawal-sweep.server';
