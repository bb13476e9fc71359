/** What other features may use from billing; everything else in this folder is its own (biome.json keeps it so). */

export * from './api/billing-calls';
export * from './api/realtime';
export * from './components/payment-history-card';
export * from './components/plan-badge';
export * from './components/plan-badge-card';
export * from './components/subscription-card';
export * from './hooks/use-billing-return';
export * from './hooks/use-buy-package';
export * from './hooks/use-check-subscription-on-sign-in';
export * from './hooks/use-chosen-plan-checkout';
export * from './lib/plan-actions';
export { PackageList } from './pages/buy-credits-page';
