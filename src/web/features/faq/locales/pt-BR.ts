/**
 * `faq` namespace (pt-BR): the FAQ page and browser chrome. The questions and answers themselves live in
 * ../content/ (one typed module per language, reused by the help center).
 */
export default {
  documentTitle: 'Perguntas frequentes — Cena',
  title: 'Perguntas frequentes',
  subtitle: 'Tudo sobre créditos, planos, vídeos e questões técnicas da Cena.',
  categoriesLabel: 'Categorias',
  search: {
    label: 'Buscar nas perguntas frequentes',
    placeholder: 'Ex.: créditos, áudio, formatos',
    clear: 'Limpar busca',
  },
  results_zero: '{{count}} resultados para “{{query}}”',
  results_one: '{{count}} resultado para “{{query}}”',
  results_other: '{{count}} resultados para “{{query}}”',
  empty: {
    title: 'Não encontrou sua resposta?',
    body: 'Nenhuma pergunta corresponde à sua busca. Fale com o nosso suporte: respondemos em até {{hours}} horas.',
    button: 'Fale com o suporte',
  },
  contact: {
    title: 'Ainda com dúvidas?',
    body: 'Nossa equipe responde em até {{hours}} horas.',
    button: 'Fale com o suporte',
  },
} as const;
