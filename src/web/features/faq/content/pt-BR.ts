import { WITHDRAWAL_DAYS } from '#shared/billing';
import { CAST_IMAGES_MAX } from '#shared/cast';
import {
  ASPECT_RATIOS,
  CREDIT_PACKAGES,
  catalogueYearlyDiscountPercent,
  catalogueYearlyFreeMonths,
  EXPIRING_SOON_WINDOW_DAYS,
  MODE_RESOLUTION,
  NATIVE_ASPECT_RATIO,
  PACKAGE_CREDIT_VALIDITY_DAYS,
  PLANS,
  PROMPT_MIN_LENGTH,
  REFUND_GRANT_VALIDITY_DAYS,
  RETENTION,
  referenceImageFormatLabels,
  referenceImageMaxMegabytes,
  requestCredits,
  SEED_MAX,
  SEED_MIN,
  VIDEO_COST_CREDITS,
  VIDEO_DURATION_MINUTES,
  VIDEO_ESTIMATE_MINUTES,
  VIDEO_LENGTH_SECONDS,
  YEARLY_PERIOD_MONTHS,
} from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import { VARIATIONS_MAX } from '#shared/video-request-form';
import { type FaqCategoryItems, type FaqOptions, faqFormatters, type LocalizedFaq } from '../faq-items';

/** Credits: what a video costs, when credits expire, when they come back, packages, a short balance, the balance. */
function creditsItems(): FaqCategoryItems<'creditos'> {
  const { n } = faqFormatters('pt-BR');
  const fast = n(VIDEO_COST_CREDITS.fast);
  const quality = n(VIDEO_COST_CREDITS.quality);
  const packages = CREDIT_PACKAGES.map((pkg) => pkg.credits);

  return {
    'credits-cost': {
      question: 'O que são créditos e quanto custa cada vídeo?',
      answer: `Créditos são a moeda da Cena: você os recebe ao assinar um plano ou comprar um pacote e os usa para gerar vídeos. Cada vídeo no modo Fast custa ${fast} créditos e cada vídeo no modo Quality custa ${quality} créditos. O custo aparece no resumo antes de você confirmar a geração.\n\nPara comparar versões, use Variações: escolha de 1 a ${n(VARIATIONS_MAX)}: um só envio cria essa quantidade de vídeos com os mesmos dados, e você os compara lado a lado na confirmação e no Histórico. Os créditos de todas são reservados juntos — se o saldo não cobrir todas, nenhuma é criada. Cada variação é uma solicitação própria: se uma falhar, só os créditos dela voltam.`,
    },
    'credits-expiry': {
      question: 'Os créditos expiram?',
      answer: `Sim. Os créditos do plano mensal expiram no fim do período de cobrança (o mês pago). Os do plano anual expiram ao fim dos ${n(YEARLY_PERIOD_MONTHS)} meses. Os de pacotes avulsos valem por ${n(PACKAGE_CREDIT_VALIDITY_DAYS)} dias a partir da compra. Créditos não acumulam de um período para o outro.\n\nAo gerar um vídeo, usamos primeiro os créditos que vencem antes, e o painel avisa quando houver créditos vencendo nos próximos ${n(EXPIRING_SOON_WINDOW_DAYS)} dias.`,
    },
    'credits-refund': {
      question: 'O que acontece com meus créditos se a geração falhar?',
      answer: `Eles voltam automaticamente para a sua conta, seja qual for o motivo da falha. Os créditos ficam reservados enquanto o vídeo é gerado e só são descontados de vez quando ele fica pronto. Se os créditos reservados vencerem nesse meio-tempo, eles voltam como créditos de reembolso válidos por ${n(REFUND_GRANT_VALIDITY_DAYS)} dias.`,
    },
    'credits-packages': {
      question: 'Posso comprar créditos avulsos?',
      answer: `Sim. Na sua conta, em Comprar Créditos, há pacotes de ${n(Math.min(...packages))} a ${n(Math.max(...packages))} créditos, com desconto nos pacotes maiores. Os créditos de pacote valem por ${n(PACKAGE_CREDIT_VALIDITY_DAYS)} dias e são somados ao saldo do seu plano.`,
    },
    'credits-short': {
      question: 'E se eu não tiver créditos suficientes?',
      answer:
        'Se o saldo não cobrir o custo do vídeo, nada é descontado e a página de criação mostra um atalho para os planos. Você pode assinar ou mudar de plano, ou comprar um pacote avulso de créditos.',
    },
    'credits-balance': {
      question: 'Onde vejo meu saldo de créditos?',
      answer:
        'O saldo aparece no topo da área logada e é atualizado em tempo real a cada compra, geração ou devolução. Créditos vencidos não entram no saldo.',
    },
  };
}

/** Plans and billing: the plans, the yearly period, changing or cancelling, payments, invoices, withdrawal. */
function plansItems(supportEmail: string): FaqCategoryItems<'planos'> {
  const { n } = faqFormatters('pt-BR');
  const planLines = PLANS.map(
    (plan) =>
      `• ${plan.name}: ${n(plan.credits)} créditos por mês — ${formatBRL(plan.monthlyPriceCents)}/mês ou ${formatBRL(plan.yearlyPriceCents)}/ano.`,
  ).join('\n');

  return {
    'plans-list': {
      question: 'Quais planos a Cena oferece?',
      answer: `São quatro planos, com cobrança mensal ou anual:\n${planLines}\n\nTodos dão acesso aos modos Fast e Quality e a todos os formatos de vídeo.`,
    },
    'plans-yearly': {
      question: 'Como funciona o plano anual?',
      answer: `Você paga uma vez por ano, com cerca de ${n(catalogueYearlyDiscountPercent())}% de desconto (${n(catalogueYearlyFreeMonths())} meses grátis), e recebe de uma só vez os créditos dos ${n(YEARLY_PERIOD_MONTHS)} meses — ${n(YEARLY_PERIOD_MONTHS)} vezes os créditos mensais do plano. Esses créditos valem até o fim do período anual.`,
    },
    'plans-change': {
      question: 'Posso mudar de plano ou cancelar?',
      answer:
        'Sim, a qualquer momento, pelo portal de cobrança no seu perfil. No upgrade, você paga apenas a diferença e recebe na hora a diferença de créditos, válida até o fim do período atual. Downgrades e cancelamentos passam a valer no fim do período já pago — até lá, você continua com o seu plano e os seus créditos.',
    },
    'plans-payment': {
      question: 'Como é feito o pagamento?',
      answer:
        'Os pagamentos são processados pela Stripe, em reais (R$), por conexão segura com criptografia SSL. Planos e pacotes de créditos aceitam cartão, Pix ou boleto: você escolhe a forma antes de abrir o checkout. O plano no cartão renova sozinho; o plano pago por Pix vale pelo período pago e não renova sozinho. Os créditos de um pacote chegam quando o pagamento é confirmado (o Pix na hora, o boleto quando o banco compensar). A Cena não armazena os dados do seu cartão.',
    },
    'plans-invoices': {
      question: 'Onde encontro minhas faturas e pagamentos?',
      answer:
        'No seu perfil, você vê o histórico de pagamentos e acessa o portal de cobrança, com as faturas, a forma de pagamento e as opções do plano.',
    },
    'plans-withdrawal': {
      question: 'Posso desistir de uma compra? (direito de arrependimento)',
      answer: `Sim. Pelo Código de Defesa do Consumidor (art. 49), você pode desistir de uma compra feita pela internet em até ${n(WITHDRAWAL_DAYS)} dias. Um pacote de créditos comprado há até ${n(WITHDRAWAL_DAYS)} dias, sem nenhum crédito usado, é reembolsado por inteiro no seu Perfil, em Histórico de pagamentos, no botão "Desistir da compra": o valor volta ao cartão ou ao Pix que pagou (uma compra paga com boleto volta por Pix, para a chave que você informar), os créditos do pacote saem do saldo e você recebe na hora um e-mail confirmando a desistência. Se parte dos créditos já foi usada, ou se a compra é uma assinatura, fale com o suporte em ${supportEmail}.`,
    },
  };
}

/** Videos: how long, the two modes, the formats, images and the cast, muted audio, download and sharing. */
function videosItems(): FaqCategoryItems<'videos'> {
  const { n, list } = faqFormatters('pt-BR');
  const fast = n(VIDEO_COST_CREDITS.fast);
  const quality = n(VIDEO_COST_CREDITS.quality);
  const minutes = `${n(VIDEO_ESTIMATE_MINUTES.min)} a ${n(VIDEO_ESTIMATE_MINUTES.max)} minutos`;
  const otherRatios = ASPECT_RATIOS.filter((ratio) => ratio !== NATIVE_ASPECT_RATIO);
  const ratioNames: Record<string, string> = {
    '16:9': 'paisagem',
    '9:16': 'vertical',
    '1:1': 'quadrado',
    '4:3': 'clássico',
  };
  const ratios = list(ASPECT_RATIOS.map((ratio) => `${ratio} (${ratioNames[ratio] ?? ratio})`));

  return {
    'videos-time': {
      question: 'Quanto tempo leva para gerar um vídeo?',
      answer: `Normalmente de ${minutes}: cerca de ${n(VIDEO_DURATION_MINUTES.fast.min)} a ${n(VIDEO_DURATION_MINUTES.fast.max)} minutos no modo Fast e de ${n(VIDEO_DURATION_MINUTES.quality.min)} a ${n(VIDEO_DURATION_MINUTES.quality.max)} minutos no Quality. Você acompanha o progresso em tempo real no Histórico.`,
    },
    'videos-modes': {
      question: 'Qual a diferença entre os modos Fast e Quality?',
      answer: `São três modos. O Rascunho (${n(VIDEO_COST_CREDITS.draft)} créditos) gera em ${MODE_RESOLUTION.draft}, o mais barato, para testar a ideia e finalizar a melhor. O Fast (${fast} créditos) gera em ${MODE_RESOLUTION.fast}, é rápido e econômico, ótimo para variações. O Quality (${quality} créditos) gera em ${MODE_RESOLUTION.quality}, com mais detalhe, para o vídeo final; em 4K custa ${n(requestCredits({ quality: 'quality', resolution: '4k' }))} créditos. Os preços são de um vídeo de ${n(VIDEO_LENGTH_SECONDS)} segundos com áudio.`,
    },
    'videos-formats': {
      question: 'Quais formatos de vídeo posso escolher?',
      answer: `${ratios}. O modelo gera nativamente em ${NATIVE_ASPECT_RATIO}; os formatos ${list(otherRatios)} são obtidos por reenquadramento, o que reduz a resolução para o nível do modo Fast. Por isso, fora do ${NATIVE_ASPECT_RATIO}, recomendamos o modo Fast: o resultado é equivalente e custa menos.`,
    },
    'videos-image': {
      question: 'Posso usar uma imagem de referência? O que é o Elenco?',
      answer: `Sim. Anexe uma imagem ${list(referenceImageFormatLabels())} de até ${n(referenceImageMaxMegabytes())} MB para guiar o personagem, o cenário ou o estilo. A imagem é opcional: sem ela, o vídeo é criado só a partir do texto.\n\nNo Elenco você guarda um personagem, produto ou estilo com um nome e de 1 a ${n(CAST_IMAGES_MAX)} imagens (${list(referenceImageFormatLabels())}, até ${n(referenceImageMaxMegabytes())} MB cada). Ao criar um vídeo, escolha os membros do elenco: as imagens deles vão ao modelo como imagens de referência, para o mesmo rosto, produto ou visual aparecer em todos os vídeos. Cada modelo aceita um número de imagens de referência; o formulário mostra o que cabe e por quê.\n\nPara salvar um personagem que mostra uma pessoa real, confirme que você tem o consentimento dela: o rosto é um dado biométrico, sensível pela LGPD (Lei 13.709/2018, art. 11), e guardamos a data dessa confirmação. O elenco entra na exportação dos seus dados e é apagado com a sua conta.`,
    },
    'videos-audio-muted': {
      question: 'Por que meu vídeo ficou sem áudio?',
      answer:
        'A moderação de conteúdo pode silenciar o áudio quando o prompt envolve temas sensíveis, como bebês, crianças ou palavrões. Repetir o mesmo prompt não resolve: reescreva a cena sem esses elementos para ter o som de volta. A Cena avisa antes do envio quando encontra termos assim no seu prompt.',
    },
    'videos-download': {
      question: 'Como baixo e compartilho meus vídeos? Por quanto tempo eles ficam disponíveis?',
      answer: `Quando o vídeo fica pronto, abra-o no Histórico e clique em Baixar. O arquivo é um MP4 compatível com qualquer player e rede social. Seu histórico de vídeos fica guardado por ${n(RETENTION.videoHistoryYears)} anos.\n\nNo vídeo concluído, toque em Compartilhar. No celular, a Cena abre o compartilhamento do aparelho e envia o próprio vídeo quando o app aceita arquivos (WhatsApp, Instagram); senão, envia o link. No computador, o link é copiado. Quem tiver o link assiste ao vídeo sem conta, numa página com a prévia para WhatsApp, Instagram e X. O link é longo e impossível de adivinhar, e você pode revogá-lo a qualquer momento em Revogar link: ele para de abrir na hora. Excluir a conta também desativa todos os seus links, e a exportação dos seus dados lista os links ativos.`,
    },
  };
}

/** Technical and account: prompts, the seed, a failed video, who may sign up, support, notifications. */
function techItems(supportEmail: string): FaqCategoryItems<'tecnico'> {
  const { n } = faqFormatters('pt-BR');

  return {
    'tech-prompt': {
      question: 'Como escrever um bom prompt?',
      answer: `Descreva quem aparece, o que acontece, onde, como a câmera se move, a luz, o estilo e, se quiser, o som. O prompt precisa ter pelo menos ${n(PROMPT_MIN_LENGTH)} caracteres. A Cena converte seu texto automaticamente no prompt JSON estruturado do modelo (assunto, ação, cenário, câmera, iluminação, estilo, áudio e o que evitar).`,
    },
    'tech-seed': {
      question: 'Para que serve o seed?',
      answer: `O seed é um número opcional de ${n(String(SEED_MIN).length)} dígitos (de ${SEED_MIN} a ${SEED_MAX}) que fica registrado nas informações técnicas do vídeo. Os modelos de vídeo do Google (Gemini Omni e Veo) não recebem seed: ele não faz um resultado se repetir nem muda o vídeo gerado.`,
    },
    'tech-failed': {
      question: 'Meu vídeo falhou. O que eu faço?',
      answer:
        'Os créditos voltam automaticamente. Abra a solicitação no Histórico para ver a mensagem de erro; se ela foi bloqueada pela moderação, ajuste o prompt. Use “Duplicar Solicitação” para tentar de novo com os mesmos parâmetros. Se o problema continuar, fale com o suporte.',
    },
    'tech-age': {
      question: 'Quem pode usar a Cena?',
      answer: `Pessoas com ${n(RETENTION.minimumAge)} anos ou mais, conforme os Termos de Uso. Você cria a conta com e-mail e senha ou com o Google e a ativa pelo link que enviamos por e-mail.`,
    },
    'tech-support': {
      question: 'Como falo com o suporte?',
      answer: `Escreva para ${supportEmail}. Respondemos em até ${n(RETENTION.supportReplyHours)} horas. Informe o e-mail da sua conta e, se a dúvida for sobre um vídeo, o ID da solicitação.`,
    },
    'tech-install': {
      question: 'Preciso instalar alguma coisa? Como sei que o vídeo ficou pronto?',
      answer:
        'Não. A Cena funciona no navegador, no computador ou no celular. Basta entrar na sua conta para criar, acompanhar e baixar seus vídeos.\n\nEnviamos um e-mail quando o vídeo fica pronto ou falha (você escolhe em Configurações). Também dá para receber uma notificação no celular ou no computador: depois de criar um vídeo, toque em “Ativar notificações”, ou ligue “Avisar neste aparelho” no Perfil. O navegador pede sua permissão só nessa hora.\n\nChega uma notificação por envio, mesmo quando você pede várias variações: “Seu vídeo está pronto” ou “Falhou — créditos devolvidos”. Tocar nela abre o vídeo. A notificação vale para o aparelho em que você ativou; para parar, desligue a opção no Perfil. Se você bloqueou as notificações da Cena no navegador, libere-as nas configurações do site. No iPhone, adicione a Cena à Tela de Início (Compartilhar → Adicionar à Tela de Início) e ative por lá.',
    },
  };
}

/** The FAQ in pt-BR, the source of truth. Every figure comes from src/shared/catalogue.ts. */
export function ptBR({ supportEmail }: FaqOptions): LocalizedFaq {
  return {
    categories: {
      creditos: 'Créditos',
      planos: 'Planos e pagamentos',
      videos: 'Vídeos',
      tecnico: 'Técnico e conta',
    },
    items: { ...creditsItems(), ...plansItems(supportEmail), ...videosItems(), ...techItems(supportEmail) },
  };
}
