/**
 * Words people type for what the FAQ (content/pt-BR.ts, content/en.ts) says in other words: a query word in a group
 * also finds the items that have any word of its group. Accent-free and lower case, as filter-faq.ts compares, and
 * matched as the search matches, by substring: "cancel" covers "cancelar", "cancelamento" and "cancellation".
 */
export const FAQ_SYNONYMS: readonly (readonly string[])[] = [
  // "cancelar assinatura": the FAQ speaks of plans.
  ['assinatura', 'assinar', 'assinei', 'mensalidade', 'plano', 'subscription', 'plan'],
  ['cancel', 'desistir', 'encerrar'],
  // "pix", "boleto": how to pay is one answer, whichever way.
  ['pix', 'boleto', 'cartao', 'pagamento', 'pagar', 'payment', 'card'],
  // "reembolso": credits that come back, money back, the withdrawal right.
  [
    'reembolso',
    'estorno',
    'estornar',
    'devolu',
    'devolver',
    'arrependimento',
    'dinheiro de volta',
    'refund',
    'money back',
  ],
  ['fatura', 'recibo', 'nota fiscal', 'comprovante', 'invoice', 'receipt'],
  ['suporte', 'atendimento', 'contato', 'ajuda', 'support', 'contact'],
  ['baixar', 'download'],
];
