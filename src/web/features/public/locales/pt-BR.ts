/**
 * `public` namespace (pt-BR, the source of truth): landing, pricing, how it works, terms, privacy and contact.
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
        'Descreva uma cena ou envie uma imagem de referência e receba um vídeo de {{seconds}} segundos em {{resolution}}, com áudio, pronto para publicar.',
      ctaPrimary: 'Ver planos',
      ctaSecondary: 'Como funciona',
      chipsLabel: 'Destaques',
      ready: 'Pronto em {{min}} a {{max}} minutos',
      refund: 'Créditos devolvidos se a geração falhar',
    },
    chips: {
      fast: 'fast mode',
      quality: 'quality mode',
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
        title: '{{resolution}} e {{seconds}} segundos',
        body: 'Vídeos de {{seconds}} segundos com resolução de até {{resolution}}, nítidos para redes sociais, anúncios e apresentações.',
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
      subtitle: 'Escolha um plano e comece a transformar ideias em vídeos hoje mesmo.',
      button: 'Escolher meu plano',
    },
  },

  pricing: {
    documentTitle: 'Planos e preços — Cena',
    title: 'Planos e preços',
    subtitle:
      'Escolha o plano ideal para o seu ritmo. Todos incluem vídeos de {{seconds}} segundos com áudio, nos modos Fast e Quality.',
    billing: {
      label: 'Período de cobrança',
      monthly: 'Mensal',
      yearly: 'Anual',
      toggle: 'Cobrança anual',
      freeMonths: '{{months}} meses grátis',
      discount: '-{{percent}}%',
    },
    billedMonthly: 'Cobrado mensalmente',
    billedYearly: '{{price}} cobrados anualmente',
    yearlySavings: 'Economize {{price}} por ano',
    features: {
      creditsMonthly: '{{credits}} créditos por mês',
      creditsYearly: '{{credits}} créditos por ano',
      fast: 'Até {{videos}} vídeos Fast',
      quality: 'ou até {{videos}} vídeos Quality',
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
      fastVideos: 'Vídeos Fast',
      qualityVideos: 'Vídeos Quality',
      pricePerFast: 'Preço por vídeo Fast',
      pricePerQuality: 'Preço por vídeo Quality',
      perMonthNote: 'Quantidades por mês. Preço por vídeo calculado na cobrança {{period}}.',
    },
    trust: {
      label: 'Compra segura',
      ssl: 'Conexão segura com criptografia SSL',
      stripe: 'Pagamento processado pela Stripe',
      users: '+{{value}} usuários já criam com a Cena',
    },
    packages: {
      title: 'Precisa de mais créditos?',
      subtitle: 'Pacotes avulsos para completar o seu saldo, válidos por {{days}} dias.',
      credits: '{{credits}} créditos',
      perCredit: 'R$ {{price}} por crédito',
      discount: '{{percent}}% de desconto',
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
      fast: {
        title: 'Fast',
        body: 'Mais rápido e econômico. Ideal para testar ideias, criar variações e para formatos diferentes de {{ratio}}.',
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

  terms: {
    documentTitle: 'Termos de Uso — Cena',
    title: 'Termos de Uso',
    intro:
      'Estes Termos de Uso regem o acesso e o uso da Cena, serviço on-line de criação de vídeos curtos com inteligência artificial. Ao criar uma conta ou usar a Cena, você concorda com estes termos. Se não concordar, não utilize o serviço.',
    service: {
      title: 'O serviço',
      body: 'A Cena gera vídeos de {{seconds}} segundos, com resolução de até {{resolution}} e áudio, a partir de uma descrição em texto (prompt) e, opcionalmente, de uma imagem de referência, usando modelos de IA de terceiros, como o Gemini Omni e o Veo, do Google, nos modos Fast e Quality. A geração costuma levar de {{min}} a {{max}} minutos; esse prazo é uma estimativa, não uma garantia. Por se tratar de IA generativa, o resultado pode variar e nem sempre corresponder exatamente ao que foi descrito.',
    },
    eligibility: {
      title: 'Quem pode usar',
      body: 'Você precisa ter pelo menos {{age}} anos para criar uma conta e usar a Cena. Ao se cadastrar, você declara ter {{age}} anos ou mais e que as informações fornecidas são verdadeiras.',
    },
    account: {
      title: 'Sua conta',
      body: 'Você é responsável por manter sua senha em sigilo e por toda atividade realizada na sua conta. Avise-nos imediatamente se suspeitar de uso não autorizado. Podemos suspender ou encerrar contas que violem estes termos.',
    },
    plans: {
      title: 'Planos, preços e pagamento',
      intro:
        'A Cena oferece planos de assinatura com cobrança mensal ou anual. Os preços estão em reais (R$) e cada plano inclui a quantidade de créditos abaixo:',
      caption: 'Planos de assinatura',
      plan: 'Plano',
      monthly: 'Mensal',
      yearly: 'Anual',
      creditsMonthly: 'Créditos por mês',
      creditsYearly: 'Créditos no plano anual',
      yearlyExplained:
        'No plano mensal, os créditos são liberados a cada pagamento. No plano anual, o pagamento cobre {{months}} meses e os créditos de todo o período ({{months}} vezes os créditos mensais) são liberados de uma só vez.',
      packagesIntro: 'Também vendemos pacotes avulsos de créditos:',
      packagesCaption: 'Pacotes de créditos',
      package: 'Pacote',
      price: 'Preço',
      validity: 'Validade',
      packageCredits: '{{credits}} créditos',
      packageValidity: '{{days}} dias',
      payment:
        'Os pagamentos são processados pela Stripe; a Cena não armazena os dados completos do seu cartão. As assinaturas são renovadas automaticamente ao fim de cada período até que você as cancele.',
      changes:
        'Você pode mudar de plano ou cancelar a qualquer momento pelo portal de cobrança. No upgrade, é cobrada apenas a diferença e a diferença de créditos é liberada na hora, válida até o fim do período atual. Downgrades e cancelamentos passam a valer no fim do período já pago.',
      priceChanges:
        'Podemos alterar os preços dos planos. Qualquer mudança será comunicada com antecedência e só valerá a partir da renovação seguinte.',
    },
    credits: {
      title: 'Créditos e validade',
      intro:
        'Cada vídeo consome créditos: {{fast}} créditos no modo Fast e {{quality}} créditos no modo Quality. Os créditos têm validade:',
      monthly: 'Plano mensal: expiram no fim do período de cobrança (o mês pago).',
      yearly: 'Plano anual: expiram no fim do período de {{months}} meses.',
      packages: 'Pacotes avulsos: valem por {{days}} dias a partir da compra.',
      rollover: 'Créditos não utilizados não acumulam para o período seguinte.',
      usage:
        'Ao gerar um vídeo, usamos primeiro os créditos que vencem antes. Créditos não têm valor monetário, não são convertidos em dinheiro e não podem ser transferidos para outra conta.',
    },
    refunds: {
      title: 'Falhas de geração e devolução de créditos',
      body: 'Se a geração de um vídeo falhar, por qualquer motivo, os créditos usados são devolvidos automaticamente à sua conta. Se esses créditos vencerem enquanto o vídeo é processado, eles voltam como créditos de reembolso válidos por {{days}} dias.',
      payments:
        'Pedidos de reembolso de valores pagos podem ser enviados ao suporte e são analisados de acordo com a legislação aplicável, incluindo o Código de Defesa do Consumidor.',
    },
    acceptableUse: {
      title: 'Uso aceitável',
      intro: 'Você se compromete a não usar a Cena para criar, enviar ou divulgar conteúdo que:',
      minors: 'envolva a exploração ou a sexualização de menores de idade, em qualquer circunstância;',
      illegal: 'seja ilegal, difamatório, discriminatório, de ódio ou que incentive a violência;',
      deception:
        'retrate pessoas reais de forma enganosa ou sem autorização, ou sirva a fraudes e desinformação;',
      rights: 'viole direitos autorais, de imagem, marcas ou outros direitos de terceiros;',
      explicit: 'contenha pornografia ou violência explícita.',
      circumvent:
        'Também é proibido tentar contornar a moderação, os limites ou a segurança do serviço, ou acessá-lo por meios automatizados não autorizados. Você é responsável pelos prompts e imagens que envia e declara ter os direitos necessários sobre eles.',
    },
    moderation: {
      title: 'Moderação de conteúdo',
      body: 'Prompts e imagens passam por moderação automática, nossa e dos provedores de IA. Uma solicitação pode ser bloqueada — nesse caso, os créditos são devolvidos. Em prompts sensíveis (por exemplo, que envolvam bebês, crianças ou palavrões), a moderação pode gerar o vídeo sem áudio; repetir o mesmo prompt não altera esse resultado. Contas que violem essas regras de forma reiterada podem ser suspensas.',
    },
    content: {
      title: 'Conteúdo gerado',
      body: 'A Cena não reivindica a propriedade dos vídeos que você cria. Respeitados estes termos e os direitos de terceiros, você pode usá-los livremente e nos autoriza a armazená-los e processá-los para prestar o serviço. Como outras pessoas podem obter resultados parecidos, não garantimos a exclusividade do conteúdo gerado.',
    },
    liability: {
      title: 'Disponibilidade e responsabilidade',
      body: 'Trabalhamos para manter a Cena disponível e funcionando bem, mas o serviço pode passar por interrupções, manutenções ou falhas de provedores. Na máxima extensão permitida por lei, a Cena não responde por danos indiretos decorrentes do uso do serviço ou do conteúdo gerado. Nada nestes termos limita os direitos que você tem como consumidor.',
    },
    changes: {
      title: 'Alterações destes termos',
      body: 'Podemos atualizar estes termos. Se a mudança for relevante, avisaremos por e-mail ou no site antes de ela entrar em vigor. Continuar usando a Cena depois da atualização significa concordar com a nova versão.',
    },
    law: {
      title: 'Lei aplicável',
      body: 'Estes termos são regidos pelas leis da República Federativa do Brasil.',
    },
    contact: {
      title: 'Contato',
      body: 'Dúvidas sobre estes termos? Escreva para o nosso suporte — respondemos em até {{hours}} horas.',
    },
  },

  privacy: {
    documentTitle: 'Política de Privacidade — Cena',
    title: 'Política de Privacidade',
    intro:
      'Esta Política de Privacidade explica como a Cena coleta, usa, compartilha e protege seus dados pessoais, de acordo com a Lei Geral de Proteção de Dados Pessoais (LGPD — Lei nº 13.709/2018).',
    controller: {
      title: 'Quem trata seus dados',
      body: 'A Cena é a controladora dos dados pessoais tratados no serviço. Para qualquer assunto de privacidade, inclusive para falar com o nosso encarregado de proteção de dados, use o e-mail de suporte indicado no fim desta página.',
    },
    data: {
      title: 'Dados que coletamos',
      accountIntro: 'Dados da conta:',
      fullName: 'nome completo;',
      email: 'e-mail;',
      password: 'senha (guardada apenas em formato criptografado, nunca em texto);',
      language: 'idioma preferido;',
      timeZone: 'fuso horário.',
      content:
        'Conteúdo que você cria: prompts, imagens de referência, configurações de cada vídeo (modo, formato e seed) e os vídeos gerados.',
      payments:
        'Dados de pagamento: assinaturas, compras, valores e identificadores das transações. Os dados do cartão são informados diretamente à Stripe e não ficam armazenados na Cena.',
      technical:
        'Dados técnicos: endereço IP, navegador e dispositivo, datas e horários de acesso e registros (logs) de uso e de erros.',
    },
    purposes: {
      title: 'Para que usamos seus dados',
      account: 'criar e manter sua conta e autenticar seu acesso (execução de contrato);',
      videos: 'gerar, armazenar e entregar seus vídeos (execução de contrato);',
      billing:
        'processar pagamentos, assinaturas e créditos (execução de contrato e cumprimento de obrigação legal);',
      support: 'prestar suporte e enviar avisos sobre sua conta e o serviço (execução de contrato);',
      security:
        'garantir a segurança, prevenir fraudes e abusos e moderar conteúdo (legítimo interesse e cumprimento de obrigação legal);',
      improve: 'melhorar o serviço com base em dados de uso agregados (legítimo interesse).',
      noSale: 'Não vendemos seus dados pessoais.',
    },
    sharing: {
      title: 'Com quem compartilhamos',
      ai: 'provedores de IA, como o Google (Gemini Omni e Veo), que recebem o prompt e a imagem de referência para gerar o vídeo;',
      stripe: 'Stripe, para processar pagamentos;',
      infrastructure: 'provedores de hospedagem, armazenamento e envio de e-mails que operam a Cena;',
      authorities: 'autoridades públicas, quando exigido por lei ou ordem judicial.',
      transfer:
        'Esses parceiros tratam os dados apenas para as finalidades descritas aqui. Alguns podem processá-los fora do Brasil; nesses casos, adotamos as salvaguardas previstas na LGPD para a transferência internacional de dados.',
    },
    retention: {
      title: 'Por quanto tempo guardamos',
      videos: 'Histórico de vídeos (prompts, imagens e vídeos gerados): {{years}} anos.',
      logs: 'Registros do sistema (logs): {{days}} dias.',
      payments: 'Dados de pagamento: {{years}} anos, para cumprir obrigações legais e fiscais.',
      account:
        'Dados da conta: enquanto a conta estiver ativa. Depois da exclusão, são apagados ou anonimizados, salvo quando a lei exigir a guarda.',
    },
    rights: {
      title: 'Seus direitos',
      intro: 'Pela LGPD, você pode, a qualquer momento:',
      access: 'confirmar se tratamos seus dados e acessá-los;',
      correct: 'corrigir dados incompletos, inexatos ou desatualizados;',
      anonymize:
        'pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a LGPD;',
      portability: 'pedir a portabilidade dos seus dados;',
      delete: 'pedir a eliminação dos dados tratados com base no seu consentimento;',
      sharing: 'saber com quem compartilhamos seus dados;',
      revoke: 'revogar o consentimento.',
      howTo:
        'Você pode atualizar nome e idioma no seu perfil. Para os demais pedidos, escreva para o suporte: respondemos em até {{days}} dias. Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
    },
    security: {
      title: 'Segurança',
      body: 'Adotamos medidas técnicas e administrativas para proteger seus dados, como conexões criptografadas (SSL/TLS), senhas guardadas com hash e acesso restrito. Se ocorrer um incidente de segurança que possa causar risco ou dano relevante, comunicaremos você e a ANPD em até {{hours}} horas depois de tomarmos conhecimento.',
    },
    cookies: {
      title: 'Cookies',
      body: 'Usamos apenas cookies essenciais, para manter sua sessão conectada, e o armazenamento do navegador para lembrar preferências como o idioma. Não usamos cookies de publicidade.',
    },
    minors: {
      title: 'Menores de idade',
      body: 'A Cena é destinada a maiores de {{age}} anos. Não coletamos intencionalmente dados de menores; se identificarmos uma conta de menor, ela será encerrada e os dados, eliminados.',
    },
    changes: {
      title: 'Alterações desta política',
      body: 'Podemos atualizar esta política. Mudanças relevantes serão avisadas por e-mail ou no site antes de entrarem em vigor.',
    },
    contact: {
      title: 'Contato',
      body: 'Para exercer seus direitos ou tirar dúvidas sobre privacidade, escreva para o e-mail abaixo. Respondemos às mensagens de suporte em até {{hours}} horas e às solicitações de direitos do titular em até {{days}} dias.',
    },
  },

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
