/**
 * The withdrawals room's entry file (ADR 0057): what other rooms use of it — the 7-day withdrawal made (ADR 0053):
 * the route handler billing's routes mount, the sweep, the confirmation e-mail's worker (ADR 0059) and the Pix
 * payouts of boleto refunds. Other rooms import this file, never one inside the room (biome.json).
 */

export { payoutsRoutes } from './payouts/payouts.routes.server';
export { withdrawPurchaseRoute } from './withdraw-purchase.route.server';
export { registerWithdrawalConfirmationWorker } from './withdrawal-confirmations.server';
export { registerWithdrawalSweep } from './withdrawal-sweep.server';
