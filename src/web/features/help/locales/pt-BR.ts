/** `help` namespace (pt-BR, the source of truth): the signed-in help center. */
export default {
  documentTitle: 'Central de Ajuda — Cena',
  title: 'Central de Ajuda',
  subtitle: 'Respostas rápidas, o que a Cena faz e como falar com a gente.',
  tabs: { faq: 'FAQ', features: 'Recursos', contact: 'Contato' },
  modePrices: {
    title: 'Modos e preços',
    caption:
      'Créditos por vídeo, por modo e duração. Outras durações custam proporcionalmente, arredondando para cima.',
    mode: 'Modo',
    length: '{{seconds}} s',
    modeName: '{{mode}} ({{resolution}})',
    modes: { draft: 'Rascunho', fast: 'Fast', quality: 'Quality' },
    credits_one: '{{count}} crédito',
    credits_other: '{{count}} créditos',
  },
  features: {
    audio: {
      title: 'Áudio integrado',
      body: 'Cada vídeo já sai com som: ambiente, efeitos e falas gerados junto com a imagem, sem edição à parte.',
    },
    resolution: {
      title: 'Saída em {{fastResolution}} (Fast) ou {{qualityResolution}} (Quality)',
      body: 'Vídeos do modo Fast em {{fastResolution}} (HD) e do Quality em {{qualityResolution}} (Full HD), prontos para publicar nas redes, em apresentações ou no seu site.',
    },
    scene: {
      title: 'Compreensão avançada de cena',
      body: 'O modelo entende personagens, ambiente, luz e movimento de câmera descritos no prompt e os mantém coerentes.',
    },
    modes: {
      title: 'Texto-para-vídeo e imagem-para-vídeo',
      body: 'Crie a partir de uma descrição ou anime uma imagem de referência, e junte cenas em vídeos de mais de um minuto.',
    },
    prompts: {
      title: 'Processamento inteligente de prompts',
      body: 'Seu texto é organizado automaticamente no formato de prompt JSON que o modelo entende melhor: cena, estilo, câmera e áudio.',
    },
    preview: {
      title: 'Veja o prompt antes de pagar',
      body: 'Em “Ver prompt estruturado”, a Cena sugere como descrever sua cena ao modelo (assunto, ação, cenário, câmera, luz, estilo, áudio e o que evitar); quando o modelo de texto não está disponível, ele só separa o seu texto nesses campos, com as suas palavras. Você pode editar qualquer campo antes de gerar, e o painel mostra exatamente o texto que o modelo de vídeo vai receber. Grátis, até 20 prévias por hora.',
    },
    guarantee: {
      title: 'Garantia do take',
      body: 'Antes de entregar, a Cena confere cada vídeo: imagem congelada ou tela preta, falta de som quando você pediu áudio e, com o modelo de texto, se o assunto e a ação do prompt aparecem. Se o vídeo for reprovado, geramos de novo sem custo; se reprovar outra vez, seus créditos voltam, com o motivo na linha do tempo.',
    },
    captions: {
      title: 'Legendas em português',
      body: 'Num vídeo concluído, toque em “Legendas”: a Cena ouve a fala e escreve as legendas em português, com o tempo de cada frase. Corrija o texto de cada legenda, salve, e baixe a legenda (.vtt, para players e YouTube) ou o vídeo com a legenda gravada na imagem, legível no celular em pé (9:16) ou deitado (16:9), para Reels, TikTok e WhatsApp, que tocam sem som. É grátis; se o vídeo não tiver fala, a Cena avisa “Este vídeo não tem fala” e nada é cobrado.',
    },
    trial: {
      title: 'Seu primeiro vídeo é grátis',
      body: 'Ao confirmar o e-mail de uma conta nova, você ganha {{trialCredits}} créditos, o bastante para um vídeo Fast, válidos por {{trialDays}} dias. É um por pessoa: um por e-mail confirmado (o mesmo e-mail numa conta nova não ganha de novo), com limite por rede e por navegador a cada dia.',
    },
    invites: {
      title: 'Convide um amigo',
      body: 'No Perfil está o seu link de convite. Quando alguém que criou a conta por ele fizer a primeira compra paga, você ganha {{inviterCredits}} créditos e a pessoa ganha {{inviteeCredits}}, válidos por {{inviteDays}} dias, uma vez por conta convidada, assim que terminar o prazo para desistir dessa compra. Valem até {{invitesPerDay}} convites por dia e {{invitesTotal}} no total; contas criadas no mesmo aparelho, na mesma rede ou pagas com o mesmo cartão que você ou outro convidado não contam. Se a compra for reembolsada ou contestada depois, os créditos do convite que ainda não foram usados são retirados.',
    },
  },
  contact: {
    title: 'Fale com o suporte',
    body: 'Dúvidas sobre créditos, planos, pagamentos ou um vídeo específico? Mande um e-mail.',
    reply: 'Respondemos em até {{hours}} horas.',
  },
} as const;
