/** `settings` namespace (pt-BR, the source of truth): /dashboard/settings. */
export default {
  documentTitle: 'Configurações — Cena',
  title: 'Configurações',
  subtitle: 'Notificações e preferências da sua conta.',
  notifications: {
    title: 'Notificações',
    description: 'Escolha quando a Cena pode enviar e-mails para você.',
    videoReady: 'E-mail quando um vídeo ficar pronto ou falhar',
    videoReadyHint: 'Com o link para os detalhes da solicitação, no idioma da sua conta.',
    saved: 'Preferências de notificação salvas',
    saveError: 'Erro ao salvar as preferências de notificação',
    loadError: 'Erro ao carregar as preferências de notificação.',
    retry: 'Tentar novamente',
  },
  preferences: {
    profileLink: 'Ver todas as opções no Perfil',
  },
} as const;
