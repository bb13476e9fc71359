/** The verify feature's entry: its one page, `/verificar` (ADR 0065), loaded by the route table on demand. */
export { default } from './pages/verify-page';
