/** `public` namespace, the Terms of Use page (pt-BR, the source of truth). */
export default {
  documentTitle: 'Termos de Uso — Cena',
  title: 'Termos de Uso',
  intro:
    'Estes Termos de Uso regem o acesso e o uso da Cena, serviço on-line de criação de vídeos curtos com inteligência artificial. Ao criar uma conta ou usar a Cena, você concorda com estes termos. Se não concordar, não utilize o serviço.',
  service: {
    title: 'O serviço',
    body: 'A Cena gera vídeos de {{seconds}} segundos, com áudio, no modo Fast em {{fastResolution}} ou no Quality em {{qualityResolution}}, a partir de uma descrição em texto (prompt) e, opcionalmente, de uma imagem de referência, usando modelos de IA de terceiros, como o Gemini Omni e o Veo, do Google, nos modos Fast e Quality. A geração costuma levar de {{min}} a {{max}} minutos; esse prazo é uma estimativa, não uma garantia. Por se tratar de IA generativa, o resultado pode variar e nem sempre corresponder exatamente ao que foi descrito.',
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
      'Direito de arrependimento (CDC, art. 49): você pode desistir de uma compra em até {{withdrawalDays}} dias após o pagamento. Um pacote de créditos sem nenhum crédito usado é reembolsado por inteiro pela própria conta, em Pagamentos, e os créditos do pacote saem do saldo. Nos demais casos — créditos já usados, pagamento com boleto ou assinaturas —, o pedido é feito ao suporte e analisado de acordo com o Código de Defesa do Consumidor.',
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
} as const;
