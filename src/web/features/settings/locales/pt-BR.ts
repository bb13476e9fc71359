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
  push: {
    title: 'Notificações neste aparelho',
    description:
      'Um aviso no celular ou no computador quando um vídeo fica pronto ou falha, mesmo com a Cena fechada.',
    label: 'Avisar neste aparelho',
    hint: 'Uma notificação por envio: “Seu vídeo está pronto” ou “Falhou — créditos devolvidos”. Vale só para este navegador.',
    unsupported:
      'Este navegador não recebe notificações. No iPhone, adicione a Cena à Tela de Início (Compartilhar → Adicionar à Tela de Início) e ative por lá.',
    denied:
      'As notificações da Cena estão bloqueadas neste navegador. Para receber, libere-as nas configurações do site (o cadeado ao lado do endereço).',
    enabled: 'Notificações ativadas neste aparelho',
    disabled: 'Notificações desativadas neste aparelho',
    blocked: 'O navegador bloqueou as notificações',
    error: 'Não foi possível mudar as notificações deste aparelho',
    offerTitle: 'Quer saber quando ficar pronto?',
    offerText:
      'Ative as notificações e avisamos neste aparelho quando o vídeo ficar pronto, sem precisar deixar esta página aberta.',
    offerEnable: 'Ativar notificações',
    offerDismiss: 'Agora não',
  },
} as const;
