/** `credits` namespace (pt-BR, the source of truth): balance and expiring credits. */
export default {
  balance: {
    short_zero: '{{value}} créditos',
    short_one: '{{value}} crédito',
    short_other: '{{value}} créditos',
    label_zero: 'Saldo: {{value}} créditos. Comprar créditos',
    label_one: 'Saldo: {{value}} crédito. Comprar créditos',
    label_other: 'Saldo: {{value}} créditos. Comprar créditos',
    loadingLabel: 'Saldo carregando. Comprar créditos',
  },
  expiring: {
    title_one: '{{value}} crédito vence em breve',
    title_other: '{{value}} créditos vencem em breve',
    days_one: 'Falta {{count}} dia para o vencimento. Use-os antes que expirem.',
    days_other: 'Faltam {{count}} dias para o vencimento. Use-os antes que expirem.',
    today: 'Eles vencem hoje. Use-os antes que expirem.',
    useNow: 'Criar um vídeo',
  },
} as const;
