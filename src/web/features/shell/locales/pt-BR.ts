/** `shell` namespace (pt-BR, the source of truth): the signed-in top bar and drawer. */
export default {
  nav: {
    label: 'Navegação do painel',
    homeLabel: 'Cena — ir para o painel',
    dashboard: 'Início',
    create: 'Criar vídeo',
    stories: 'Roteiro',
    cast: 'Elenco',
    history: 'Histórico',
    plans: 'Planos',
    profile: 'Perfil',
    settings: 'Configurações',
    help: 'Ajuda',
    buyCredits: 'Comprar Créditos',
    signOut: 'Sair',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar',
    menuTitle: 'Menu',
    accountMenu: 'Menu da conta de {{name}}',
    accountMenuShort: 'Conta',
  },
} as const;
