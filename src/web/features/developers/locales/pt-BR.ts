/** `developers` namespace (pt-BR, the source of truth): Perfil → Desenvolvedores, the API keys (ADR 0063). */
export default {
  documentTitle: 'Desenvolvedores — Cena',
  title: 'Desenvolvedores',
  subtitle:
    'Use a Cena a partir dos seus sistemas: a API cria vídeos com os mesmos créditos da sua conta, com as mesmas regras do site.',
  back: 'Voltar ao perfil',
  link: {
    body: 'Chaves de API para criar vídeos a partir dos seus sistemas, com os créditos da sua conta.',
    open: 'Abrir Desenvolvedores',
  },
  keys: {
    title: 'Chaves de API',
    description:
      'Envie a chave no cabeçalho Authorization: Bearer. Ela vale até ser revogada; guarde-a como uma senha.',
    loading: 'Carregando as chaves…',
    loadError: 'Erro ao carregar as chaves.',
    retry: 'Tentar novamente',
    empty: 'Nenhuma chave ainda. Crie uma para começar.',
    listLabel: 'Suas chaves de API',
    createdAt: 'Criada em {{date}}',
    lastUsed: 'Último uso: {{date}}',
    neverUsed: 'Ainda não usada',
    dailyLimit: 'Limite: {{count}} créditos por dia',
    noLimit: 'Sem limite diário (só o saldo)',
    revoke: 'Revogar',
    revokeLabel: 'Revogar a chave {{name}}',
    revokeTitle: 'Revogar {{name}}?',
    revokeBody:
      'Os sistemas que usam esta chave deixam de funcionar na hora. Isso não pode ser desfeito: para voltar, crie outra chave.',
    revokeConfirm: 'Revogar chave',
    cancel: 'Cancelar',
    revoked: 'Chave revogada.',
    error: 'Não foi possível concluir. Tente novamente.',
  },
  scopes: {
    read: 'Ler vídeos, saldo e elenco',
    create: 'Criar vídeos (gasta créditos)',
  },
  form: {
    title: 'Nova chave',
    name: 'Nome',
    namePlaceholder: 'Ex.: Loja virtual',
    scopes: 'Permissões',
    dailyLimit: 'Limite diário de créditos (opcional)',
    dailyLimitHint:
      'A chave não gasta mais que isso por dia (meia-noite, horário de Brasília). Em branco: só o saldo limita.',
    submit: 'Criar chave',
    submitting: 'Criando…',
    nameRequired: 'Dê um nome à chave.',
    scopeRequired: 'Escolha ao menos uma permissão.',
    limitInvalid: 'Use um número inteiro de créditos, a partir de 1.',
  },
  token: {
    title: 'Sua nova chave: {{name}}',
    body: 'Copie agora: por segurança, ela não será mostrada de novo.',
    copy: 'Copiar chave',
    copied: 'Chave copiada.',
    copyError: 'Não foi possível copiar. Selecione o texto e copie.',
    done: 'Já copiei',
  },
};
