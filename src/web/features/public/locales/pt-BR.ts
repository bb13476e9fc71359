import privacy from './privacy.pt-BR';
import terms from './terms.pt-BR';

/**
 * `public` namespace (pt-BR, the source of truth): landing, pricing, how it works, terms, privacy and contact; the
 * two legal pages' long texts are in their own files.
 * Figures are never written here: they come from src/shared/catalogue.ts through {{placeholders}}.
 */
export default {
  shared: {
    perMonth: '/mês',
    supportEmailLabel: 'E-mail do suporte',
    lastUpdated: 'Última atualização: {{date}}',
    legalUpdatedOn: '22 de novembro de 2026',
    numbered: '{{n}}. {{title}}',
    onThisPage: 'Nesta página',
    badges: {
      popular: 'Mais popular',
      bestValue: 'Melhor custo-benefício',
    },
    plans: {
      starter: 'Para experimentar e criar seus primeiros vídeos.',
      creator: 'Para quem publica conteúdo toda semana.',
      pro: 'Para profissionais e pequenas equipes.',
      studio: 'Para agências e produção em escala.',
    },
  },

  landing: {
    documentTitle: 'Cena — vídeos com IA do Google (Gemini Omni e Veo), em português',
    hero: {
      eyebrow: 'Vídeos com IA do Google: Gemini Omni e Veo',
      title: 'Sua ideia vira cena em poucos minutos',
      subtitle:
        'Descreva uma cena ou envie uma imagem de referência e receba um vídeo de {{seconds}} segundos com áudio, pronto para publicar: no modo Fast em {{fastResolution}} ou no Quality em {{qualityResolution}}.',
      ctaPrimary: 'Criar conta grátis',
      ctaSecondary: 'Ver planos',
      chipsLabel: 'Destaques',
      ready: 'Pronto em {{min}} a {{max}} minutos',
      refund: 'Créditos devolvidos se a geração falhar',
      trial:
        'Seu primeiro vídeo é grátis: {{credits}} créditos (um vídeo Fast) ao confirmar o e-mail, válidos por {{days}} dias',
    },
    chips: {
      fast: 'Fast {{resolution}}',
      quality: 'Quality {{resolution}}',
      draft: 'Rascunho {{resolution}}',
    },
    carousel: {
      label: 'Vídeos de exemplo',
      roleDescription: 'carrossel',
      slideRoleDescription: 'slide',
      slideLabel: 'Vídeo {{n}} de {{total}}',
      dotsLabel: 'Escolher vídeo de exemplo',
      dot: 'Vídeo {{n}}',
      mute: 'Silenciar vídeo',
      pause: 'Pausar troca automática',
      posterAlt: 'Quadro do vídeo de exemplo: {{prompt}}',
      promptLabel: 'Prompt:',
      quoted: '“{{text}}”',
      slides: {
        s1: 'Pôr do sol em Copacabana em câmera lenta, o sol se pondo atrás dos morros e reflexos dourados no mar',
        s2: 'Café sendo servido em close, vapor subindo da xícara, luz quente de cafeteria',
        s3: 'Floresta amazônica com neblina ao amanhecer, raios de sol atravessando as copas das árvores',
        s4: 'Skatista deslizando por Brasília ao entardecer, câmera acompanhando em travelling',
        s5: 'Carnaval com luzes neon pulsando no ritmo da bateria, clima de festa',
      },
    },
    stats: {
      label: 'A Cena em números',
      rating: '{{rating}}/{{outOf}}',
      ratingLabel: 'avaliação média',
      videos: '+{{value}}',
      videosLabel: 'vídeos criados',
      users: '+{{value}}',
      usersLabel: 'usuários',
      time: '{{min}}–{{max}} min',
      timeLabel: 'para o vídeo ficar pronto',
    },
    features: {
      eyebrow: 'Recursos',
      title: 'Tudo o que você precisa para criar vídeos que impressionam',
      subtitle: 'O poder dos modelos de vídeo do Google numa experiência simples e em português.',
      textImage: {
        title: 'Texto ou imagem para vídeo',
        body: 'Comece com uma descrição ou anexe uma imagem de referência para guiar personagem, cenário e estilo.',
      },
      audio: {
        title: 'Áudio integrado',
        body: 'Falas, efeitos sonoros e som ambiente gerados junto com a imagem, já sincronizados.',
      },
      scene: {
        title: 'Compreensão avançada de cena',
        body: 'O modelo entende ação, movimento de câmera, iluminação e clima para entregar cenas coerentes do início ao fim.',
      },
      prompt: {
        title: 'Processamento inteligente de prompts',
        body: 'Seu texto é convertido automaticamente no prompt JSON estruturado do modelo — assunto, ação, cenário, câmera, luz, estilo e áudio — para um resultado fiel ao que você imaginou.',
      },
      hd: {
        title: '{{seconds}} segundos, Fast em {{fastResolution}} ou Quality em {{qualityResolution}}',
        body: 'Vídeos de {{seconds}} segundos, no modo Fast em {{fastResolution}} ou no Quality em {{qualityResolution}}, nítidos para redes sociais, anúncios e apresentações.',
      },
      vertical: {
        title: 'Vertical {{ratio}}',
        body: 'Formato vertical pronto para Reels, TikTok e Shorts — além de {{others}}.',
      },
    },
    steps: {
      eyebrow: 'Como funciona',
      title: 'Do prompt ao download em quatro passos',
      more: 'Saiba mais sobre como funciona',
    },
    pricing: {
      eyebrow: 'Preços',
      title: 'Planos para cada ritmo de criação',
      subtitle: 'Vídeos a partir de {{price}} cada. No plano anual, você ganha {{months}} meses grátis.',
      credits: '{{credits}} créditos por mês',
      videos: 'Até {{fast}} vídeos Fast ou {{quality}} Quality',
      cta: 'Ver todos os planos',
    },
    faq: {
      eyebrow: 'Dúvidas',
      title: 'Perguntas frequentes',
      more: 'Ver todas as perguntas',
    },
    cta: {
      title: 'Pronto para criar sua primeira cena?',
      subtitle:
        'Crie sua conta grátis e escolha um plano quando quiser gerar: a primeira ideia vira vídeo hoje mesmo.',
      button: 'Criar conta grátis',
    },
  },

  pricing: {
    documentTitle: 'Planos e preços — Cena',
    title: 'Planos e preços',
    subtitle:
      'Escolha o plano ideal para o seu ritmo. Todos incluem vídeos de {{seconds}} segundos com áudio, nos modos Fast ({{fastResolution}}) e Quality ({{qualityResolution}}).',
    billing: {
      label: 'Período de cobrança',
      monthly: 'Mensal',
      yearly: 'Anual',
      toggle: 'Cobrança anual',
      freeMonths: '{{months}} meses grátis',
      discount: '-{{percent}}%',
    },
    payment: {
      legend: 'Forma de pagamento',
      card: 'Cartão (renova sozinho)',
      pix: 'Pix (pagamento único, 1 mês ou 1 ano)',
      boleto: 'Boleto',
      taxId: 'CPF ou CNPJ para a nota fiscal (opcional)',
      taxIdInvalid: 'CPF ou CNPJ inválido: confira os dígitos.',
    },
    billedMonthly: 'Cobrado mensalmente',
    billedYearly: '{{price}} cobrados anualmente',
    yearlySavings: 'Economize {{price}} por ano',
    features: {
      creditsMonthly: '{{credits}} créditos por mês',
      creditsYearly: '{{credits}} créditos por ano',
      mode: '{{mode}} ({{resolution}}): até {{videos}} vídeos de {{seconds}} s',
      modeLengths:
        '{{mode}} ({{resolution}}): até {{videos}} vídeos de {{seconds}} s ou {{longestVideos}} de {{longestSeconds}} s',
      modes: { draft: 'Rascunho', fast: 'Fast', quality: 'Quality' },
      expiryMonthly: 'Créditos expiram no fim do mês, sem acúmulo',
      expiryYearly: 'Créditos válidos por {{months}} meses, sem acúmulo',
      output: 'Vídeos de {{seconds}} s com áudio integrado',
      refund: 'Créditos devolvidos se a geração falhar',
    },
    subscribe: 'Assinar {{plan}}',
    startNow: 'Começar agora',
    loginRequired: 'Login necessário',
    loginRequiredDescription: 'Faça login para assinar um plano',
    currentPlan: 'Plano Atual',
    changePlan: 'Alterar Plano',
    processing: 'Processando...',
    errors: {
      title: 'Erro',
      portal: 'Não foi possível abrir o portal. Tente novamente.',
      payment: 'Erro ao processar pagamento',
      paymentFallback: 'Tente novamente mais tarde',
    },
    costNote: 'Cada vídeo Fast consome {{fast}} créditos e cada vídeo Quality, {{quality}} créditos.',
    comparison: {
      title: 'Compare os planos',
      caption: 'Comparativo dos planos na cobrança {{period}}',
      periodMonthly: 'mensal',
      periodYearly: 'anual',
      feature: 'Recurso',
      monthlyCredits: 'Créditos mensais',
      fastVideos: 'Vídeos Fast ({{resolution}})',
      qualityVideos: 'Vídeos Quality ({{resolution}})',
      draftVideos: 'Rascunhos ({{resolution}})',
      pricePerFast: 'Preço por vídeo Fast',
      pricePerQuality: 'Preço por vídeo Quality',
      perMonthNote: 'Quantidades por mês. Preço por vídeo calculado na cobrança {{period}}.',
    },
    trust: {
      label: 'Compra segura',
      ssl: 'Conexão segura com criptografia SSL',
      stripe: 'Pagamento processado pela Stripe',
      users: '+{{value}} usuários já criam com a Cena',
      trial:
        'Seu primeiro vídeo é grátis: {{credits}} créditos (um vídeo Fast) ao confirmar o e-mail, válidos por {{days}} dias',
    },
    packages: {
      title: 'Precisa de mais créditos?',
      subtitle: 'Pacotes avulsos para completar o seu saldo, válidos por {{days}} dias.',
      credits: '{{credits}} créditos',
      perCredit: 'R$ {{price}} por crédito',
      discount: '{{percent}}% de desconto',
      discountBasis:
        'Descontos no preço por crédito, comparados ao pacote de {{credits}} créditos (R$ {{price}} por crédito).',
      validity: 'Válidos por {{days}} dias',
      cta: 'Comprar créditos',
      note: 'A compra de pacotes é feita na sua conta, depois do login.',
      noteSignedIn: 'Seu saldo atual: {{balance}}. Os créditos do pacote entram na hora.',
    },
    faq: {
      title: 'Dúvidas sobre planos',
      more: 'Ver todas as perguntas',
    },
  },

  howItWorks: {
    documentTitle: 'Como funciona — Cena',
    title: 'Como funciona',
    subtitle: 'Do prompt ao download em quatro passos simples. Sem instalar nada, direto do navegador.',
    stepLabel: 'Passo {{n}}',
    stepsLabel: 'Passo a passo',
    steps: {
      signup: {
        title: 'Crie sua conta',
        body: 'Cadastre-se com e-mail e senha ou com o Google e confirme pelo link que enviamos. É preciso ter {{age}} anos ou mais.',
      },
      plan: {
        title: 'Escolha um plano',
        body: 'Assine um plano mensal ou anual — ou compre um pacote de créditos. Os créditos entram no seu saldo assim que o pagamento é confirmado.',
      },
      create: {
        title: 'Descreva sua cena',
        body: 'Escreva o prompt, anexe uma imagem de referência se quiser e escolha o modo e o formato. O custo aparece antes do envio: {{fast}} créditos no Fast e {{quality}} no Quality.',
      },
      download: {
        title: 'Acompanhe e baixe',
        body: 'Siga o progresso em tempo real no histórico. Em {{min}} a {{max}} minutos o vídeo fica pronto para baixar. Se algo falhar, os créditos voltam automaticamente.',
      },
    },
    modes: {
      title: 'Fast ou Quality?',
      subtitle:
        'Os dois modos geram vídeos de {{seconds}} segundos com áudio. A diferença está na velocidade, no custo e no nível de detalhe.',
      cost: '{{credits}} créditos por vídeo',
      time: 'Pronto em cerca de {{min}} a {{max}} minutos',
      draft: {
        title: 'Rascunho',
        body: 'Em 360p, o mais barato: para testar a ideia em qualquer proporção e finalizar a melhor em Fast ou Quality.',
      },
      fast: {
        title: 'Fast',
        body: 'Mais rápido e econômico, em {{resolution}}. Ideal para testar ideias, criar variações e para formatos diferentes de {{ratio}}.',
      },
      quality: {
        title: 'Quality',
        body: 'Máximo de detalhe e fidelidade, em {{resolution}}. Ideal para a versão final em {{ratio}}.',
      },
    },
    tips: {
      title: 'Dicas para um bom prompt',
      subject: 'Diga quem ou o que aparece e o que acontece na cena.',
      place: 'Descreva o cenário, a hora do dia e o clima.',
      camera: 'Indique o movimento de câmera: close, plano aberto, drone, câmera lenta.',
      audio: 'Conte como deve soar: falas, efeitos, música ou som ambiente.',
      minLength: 'O prompt precisa ter pelo menos {{chars}} caracteres — quanto mais específico, melhor.',
    },
    cta: {
      title: 'Pronto para começar?',
      subtitle: 'Escolha o plano que combina com você e crie seu primeiro vídeo hoje.',
      button: 'Ver planos',
    },
  },

  terms,
  privacy,

  contact: {
    documentTitle: 'Contato — Cena',
    title: 'Fale com a gente',
    subtitle:
      'Dúvidas sobre créditos, planos, pagamentos ou algum vídeo? Nossa equipe responde em até {{hours}} horas.',
    email: {
      title: 'E-mail do suporte',
      body: 'Escreva para o endereço abaixo. Respondemos em até {{hours}} horas.',
      button: 'Enviar e-mail',
    },
    tips: {
      title: 'Para agilizar o atendimento',
      account: 'Escreva a partir do e-mail cadastrado na sua conta, ou informe-o na mensagem.',
      request:
        'Se for sobre um vídeo, inclua o ID da solicitação, que aparece na confirmação e nos detalhes do vídeo.',
      details: 'Conte o que aconteceu e, se puder, anexe um print da tela.',
    },
    faq: {
      title: 'Talvez a resposta já esteja aqui',
      body: 'Veja as perguntas frequentes sobre créditos, planos, vídeos e questões técnicas.',
      button: 'Ver perguntas frequentes',
    },
  },
} as const;
