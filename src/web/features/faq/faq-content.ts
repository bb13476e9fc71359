/**
 * THE FAQ: four categories of questions and answers in pt-BR and English, used by the public /faq page, the
 * landing and pricing pages and the signed-in help center. Every figure comes from src/shared/catalogue.ts.
 *
 * Content is a typed structure keyed by language (not i18n keys) so the search can run over plain strings and
 * both languages are forced by the types to carry the same questions.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CAST_IMAGES_MAX } from '../../../shared/cast';
import {
  ASPECT_RATIOS,
  CREDIT_PACKAGES,
  catalogueYearlyDiscountPercent,
  catalogueYearlyFreeMonths,
  EXPIRING_SOON_WINDOW_DAYS,
  NATIVE_ASPECT_RATIO,
  PACKAGE_CREDIT_VALIDITY_DAYS,
  PLANS,
  PROMPT_MIN_LENGTH,
  REFUND_GRANT_VALIDITY_DAYS,
  RETENTION,
  referenceImageFormatLabels,
  referenceImageMaxMegabytes,
  SEED_MAX,
  SEED_MIN,
  VIDEO_COST_CREDITS,
  VIDEO_DURATION_MINUTES,
  VIDEO_ESTIMATE_MINUTES,
  VIDEO_LENGTH_SECONDS,
  VIDEO_RESOLUTION,
  YEARLY_PERIOD_MONTHS,
} from '../../../shared/catalogue';
import { formatBRL } from '../../../shared/format';
import type { Language } from '../../../shared/language';
import { VARIATIONS_MAX } from '../../../shared/video-request-form';
import { usePublicConfig } from '../../lib/public-config';

const FAQ_CATEGORY_IDS = ['creditos', 'planos', 'videos', 'tecnico'] as const;
type FaqCategoryId = (typeof FAQ_CATEGORY_IDS)[number];

/** Question ids per category, in display order. Ids are unique across categories. */
const FAQ_ITEM_IDS = {
  creditos: [
    'credits-cost',
    'credits-expiry',
    'credits-refund',
    'credits-packages',
    'credits-short',
    'credits-balance',
  ],
  planos: ['plans-list', 'plans-yearly', 'plans-change', 'plans-payment', 'plans-invoices'],
  videos: [
    'videos-time',
    'videos-modes',
    'videos-formats',
    'videos-image',
    'videos-audio-muted',
    'videos-download',
  ],
  tecnico: ['tech-prompt', 'tech-seed', 'tech-failed', 'tech-age', 'tech-support', 'tech-install'],
} as const satisfies Record<FaqCategoryId, readonly string[]>;

export type FaqItemId = (typeof FAQ_ITEM_IDS)[FaqCategoryId][number];

export interface FaqItem {
  id: FaqItemId;
  category: FaqCategoryId;
  question: string;
  /** Plain text; paragraphs are separated by a blank line (render with `whitespace-pre-line`). */
  answer: string;
}

export interface FaqCategory {
  id: FaqCategoryId;
  title: string;
  items: FaqItem[];
}

interface QA {
  question: string;
  answer: string;
}

interface LocalizedFaq {
  categories: Record<FaqCategoryId, string>;
  items: Record<FaqItemId, QA>;
}

export interface FaqOptions {
  /** Shown in the support answer; from usePublicConfig(). */
  supportEmail: string;
}

/** The language the FAQ is shown in for an i18next language code. */
function faqLanguage(language: string | undefined): Language {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

function formatters(language: Language) {
  const number = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'pt-BR');
  const list = new Intl.ListFormat(language === 'en' ? 'en-US' : 'pt-BR', { type: 'conjunction' });
  return { n: (value: number) => number.format(value), list: (values: string[]) => list.format(values) };
}

function ptBR({ supportEmail }: FaqOptions): LocalizedFaq {
  const { n, list } = formatters('pt-BR');
  const fast = n(VIDEO_COST_CREDITS.fast);
  const quality = n(VIDEO_COST_CREDITS.quality);
  const minutes = `${n(VIDEO_ESTIMATE_MINUTES.min)} a ${n(VIDEO_ESTIMATE_MINUTES.max)} minutos`;
  const packages = CREDIT_PACKAGES.map((pkg) => pkg.credits);
  const planLines = PLANS.map(
    (plan) =>
      `• ${plan.name}: ${n(plan.credits)} créditos por mês — ${formatBRL(plan.monthlyPriceCents)}/mês ou ${formatBRL(plan.yearlyPriceCents)}/ano.`,
  ).join('\n');
  const otherRatios = ASPECT_RATIOS.filter((ratio) => ratio !== NATIVE_ASPECT_RATIO);
  const ratioNames: Record<string, string> = {
    '16:9': 'paisagem',
    '9:16': 'vertical',
    '1:1': 'quadrado',
    '4:3': 'clássico',
  };
  const ratios = list(ASPECT_RATIOS.map((ratio) => `${ratio} (${ratioNames[ratio] ?? ratio})`));

  return {
    categories: {
      creditos: 'Créditos',
      planos: 'Planos e pagamentos',
      videos: 'Vídeos',
      tecnico: 'Técnico e conta',
    },
    items: {
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
          'Os pagamentos são processados pela Stripe, em reais (R$), por conexão segura com criptografia SSL. Você escolhe a forma de pagamento no checkout, e a Cena não armazena os dados do seu cartão.',
      },
      'plans-invoices': {
        question: 'Onde encontro minhas faturas e pagamentos?',
        answer:
          'No seu perfil, você vê o histórico de pagamentos e acessa o portal de cobrança, com as faturas, a forma de pagamento e as opções do plano.',
      },
      'videos-time': {
        question: 'Quanto tempo leva para gerar um vídeo?',
        answer: `Normalmente de ${minutes}: cerca de ${n(VIDEO_DURATION_MINUTES.fast.min)} a ${n(VIDEO_DURATION_MINUTES.fast.max)} minutos no modo Fast e de ${n(VIDEO_DURATION_MINUTES.quality.min)} a ${n(VIDEO_DURATION_MINUTES.quality.max)} minutos no Quality. Você acompanha o progresso em tempo real no Histórico.`,
      },
      'videos-modes': {
        question: 'Qual a diferença entre os modos Fast e Quality?',
        answer: `O Fast (${fast} créditos) é mais rápido e econômico, ótimo para testar ideias e variações. O Quality (${quality} créditos) gera em ${VIDEO_RESOLUTION}, com mais detalhe, para o vídeo final. Os dois geram vídeos de ${n(VIDEO_LENGTH_SECONDS)} segundos com áudio.`,
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
        question: 'Como baixo meus vídeos? Por quanto tempo eles ficam disponíveis?',
        answer: `Quando o vídeo fica pronto, abra-o no Histórico e clique em Baixar. O arquivo é um MP4 compatível com qualquer player e rede social. Seu histórico de vídeos fica guardado por ${n(RETENTION.videoHistoryYears)} anos.`,
      },
      'tech-prompt': {
        question: 'Como escrever um bom prompt?',
        answer: `Descreva quem aparece, o que acontece, onde, como a câmera se move, a luz, o estilo e, se quiser, o som. O prompt precisa ter pelo menos ${n(PROMPT_MIN_LENGTH)} caracteres. A Cena converte seu texto automaticamente no prompt JSON estruturado do modelo (assunto, ação, cenário, câmera, iluminação, estilo, áudio e o que evitar).`,
      },
      'tech-seed': {
        question: 'Para que serve o seed?',
        answer: `O seed é um número opcional de ${n(String(SEED_MIN).length)} dígitos (de ${SEED_MIN} a ${SEED_MAX}) que ajuda a reproduzir variações parecidas de um mesmo prompt. Nem todo modelo o utiliza; em todo caso, ele fica registrado nas informações técnicas do vídeo.`,
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
        question: 'Preciso instalar alguma coisa?',
        answer:
          'Não. A Cena funciona no navegador, no computador ou no celular. Basta entrar na sua conta para criar, acompanhar e baixar seus vídeos.',
      },
    },
  };
}

function en({ supportEmail }: FaqOptions): LocalizedFaq {
  const { n, list } = formatters('en');
  const fast = n(VIDEO_COST_CREDITS.fast);
  const quality = n(VIDEO_COST_CREDITS.quality);
  const minutes = `${n(VIDEO_ESTIMATE_MINUTES.min)} to ${n(VIDEO_ESTIMATE_MINUTES.max)} minutes`;
  const packages = CREDIT_PACKAGES.map((pkg) => pkg.credits);
  const planLines = PLANS.map(
    (plan) =>
      `• ${plan.name}: ${n(plan.credits)} credits per month — ${formatBRL(plan.monthlyPriceCents)}/month or ${formatBRL(plan.yearlyPriceCents)}/year.`,
  ).join('\n');
  const otherRatios = ASPECT_RATIOS.filter((ratio) => ratio !== NATIVE_ASPECT_RATIO);
  const ratioNames: Record<string, string> = {
    '16:9': 'landscape',
    '9:16': 'vertical',
    '1:1': 'square',
    '4:3': 'classic',
  };
  const ratios = list(ASPECT_RATIOS.map((ratio) => `${ratio} (${ratioNames[ratio] ?? ratio})`));

  return {
    categories: {
      creditos: 'Credits',
      planos: 'Plans and billing',
      videos: 'Videos',
      tecnico: 'Technical and account',
    },
    items: {
      'credits-cost': {
        question: 'What are credits and how much does a video cost?',
        answer: `Credits are Cena's currency: you get them with a plan or a package and spend them on videos. A Fast video costs ${fast} credits and a Quality video costs ${quality} credits. The cost is shown in the summary before you confirm.\n\nTo compare versions, use Variations: choose 1 to ${n(VARIATIONS_MAX)}: one submit makes that many videos of the same inputs, and you compare them side by side on the confirmation page and in your History. The credits for all of them are held together — if your balance does not cover them all, none is created. Each variation is its own request: if one fails, only its credits come back.`,
      },
      'credits-expiry': {
        question: 'Do credits expire?',
        answer: `Yes. Monthly plan credits expire at the end of the billing period (the month paid for). Yearly plan credits expire at the end of the ${n(YEARLY_PERIOD_MONTHS)} months. Package credits are valid for ${n(PACKAGE_CREDIT_VALIDITY_DAYS)} days from purchase. Credits do not roll over from one period to the next.\n\nWhen you create a video, the credits that expire soonest are used first, and your dashboard warns you about credits expiring within the next ${n(EXPIRING_SOON_WINDOW_DAYS)} days.`,
      },
      'credits-refund': {
        question: 'What happens to my credits if a generation fails?',
        answer: `They go straight back to your account, whatever the reason for the failure. Credits are held while the video is generated and only taken for good once it is ready. If held credits expire in the meantime, they come back as refund credits valid for ${n(REFUND_GRANT_VALIDITY_DAYS)} days.`,
      },
      'credits-packages': {
        question: 'Can I buy extra credits?',
        answer: `Yes. In your account, under Buy Credits, there are packages from ${n(Math.min(...packages))} to ${n(Math.max(...packages))} credits, with discounts on the larger ones. Package credits are valid for ${n(PACKAGE_CREDIT_VALIDITY_DAYS)} days and add to your plan balance.`,
      },
      'credits-short': {
        question: "What if I don't have enough credits?",
        answer:
          "If your balance doesn't cover the video's cost, nothing is deducted and the create page shows a shortcut to the plans. You can subscribe or change plans, or buy a credit package.",
      },
      'credits-balance': {
        question: 'Where can I see my credit balance?',
        answer:
          'Your balance is shown at the top of your account area and updates live with every purchase, generation or refund. Expired credits are not counted.',
      },
      'plans-list': {
        question: 'Which plans does Cena offer?',
        answer: `There are four plans, billed monthly or yearly:\n${planLines}\n\nEvery plan includes Fast and Quality modes and every video format.`,
      },
      'plans-yearly': {
        question: 'How does the yearly plan work?',
        answer: `You pay once a year, at about ${n(catalogueYearlyDiscountPercent())}% off (${n(catalogueYearlyFreeMonths())} months free), and receive the credits for all ${n(YEARLY_PERIOD_MONTHS)} months at once — ${n(YEARLY_PERIOD_MONTHS)} times the plan's monthly credits. They are valid until the end of the yearly period.`,
      },
      'plans-change': {
        question: 'Can I change plans or cancel?',
        answer:
          'Yes, at any time, through the billing portal in your profile. When you upgrade, you pay only the difference and get the extra credits right away, valid until the end of the current period. Downgrades and cancellations take effect at the end of the period already paid — until then, you keep your plan and your credits.',
      },
      'plans-payment': {
        question: 'How do payments work?',
        answer:
          'Payments are processed by Stripe, in Brazilian reais (R$), over a secure SSL-encrypted connection. You choose the payment method at checkout, and Cena never stores your card details.',
      },
      'plans-invoices': {
        question: 'Where can I find my invoices and payments?',
        answer:
          'Your profile shows your payment history and opens the billing portal, with your invoices, payment method and plan options.',
      },
      'videos-time': {
        question: 'How long does it take to generate a video?',
        answer: `Usually ${minutes}: about ${n(VIDEO_DURATION_MINUTES.fast.min)} to ${n(VIDEO_DURATION_MINUTES.fast.max)} minutes in Fast mode and ${n(VIDEO_DURATION_MINUTES.quality.min)} to ${n(VIDEO_DURATION_MINUTES.quality.max)} minutes in Quality. You can follow the progress live in your History.`,
      },
      'videos-modes': {
        question: "What's the difference between Fast and Quality?",
        answer: `Fast (${fast} credits) is quicker and cheaper, great for testing ideas and variations. Quality (${quality} credits) renders at ${VIDEO_RESOLUTION}, with more detail, for the final video. Both make ${n(VIDEO_LENGTH_SECONDS)}-second videos with sound.`,
      },
      'videos-formats': {
        question: 'Which video formats can I choose?',
        answer: `${ratios}. The model generates natively in ${NATIVE_ASPECT_RATIO}; ${list(otherRatios)} are produced by reframing, which lowers the resolution to the Fast level. So for formats other than ${NATIVE_ASPECT_RATIO} we recommend Fast mode: the result is equivalent and costs less.`,
      },
      'videos-image': {
        question: 'Can I use a reference image? What is the Cast?',
        answer: `Yes. Attach a ${list(referenceImageFormatLabels())} image of up to ${n(referenceImageMaxMegabytes())} MB to guide the character, setting or style. The image is optional: without it, the video is made from your text alone.\n\nIn your Cast you keep a character, product or style under a name with 1 to ${n(CAST_IMAGES_MAX)} images (${list(referenceImageFormatLabels())}, up to ${n(referenceImageMaxMegabytes())} MB each). When you create a video, pick cast members: their images go to the model as reference images, so the same face, product or look appears in every video. Each model takes a certain number of reference images; the form shows what fits and why.\n\nTo save a character that shows a real person, confirm you have their consent: a face is biometric data, sensitive under Brazil's LGPD (Law 13.709/2018, art. 11), and we keep the date of that confirmation. Your cast is part of your data export and is erased with your account.`,
      },
      'videos-audio-muted': {
        question: 'Why does my video have no sound?',
        answer:
          "Content moderation may mute the audio when a prompt touches on sensitive topics such as babies, children or profanity. Retrying the same prompt won't help: rewrite the scene without those elements to get the sound back. Cena warns you before sending when it spots such terms in your prompt.",
      },
      'videos-download': {
        question: 'How do I download my videos, and how long are they kept?',
        answer: `Once a video is ready, open it in your History and click Download. The file is an MP4 that plays in any player and on any social network. Your video history is kept for ${n(RETENTION.videoHistoryYears)} years.`,
      },
      'tech-prompt': {
        question: 'How do I write a good prompt?',
        answer: `Describe who appears, what happens, where, how the camera moves, the lighting, the style and, if you like, the sound. The prompt needs at least ${n(PROMPT_MIN_LENGTH)} characters. Cena automatically turns your text into the model's structured JSON prompt (subject, action, setting, camera, lighting, style, audio and what to avoid).`,
      },
      'tech-seed': {
        question: 'What is the seed for?',
        answer: `The seed is an optional ${n(String(SEED_MIN).length)}-digit number (${SEED_MIN} to ${SEED_MAX}) that helps reproduce similar variations of the same prompt. Not every model uses it; either way, it is recorded in the video's technical details.`,
      },
      'tech-failed': {
        question: 'My video failed. What should I do?',
        answer:
          'Your credits come back automatically. Open the request in your History to see the error message; if moderation blocked it, adjust the prompt. Use “Duplicate request” to try again with the same settings. If the problem persists, contact support.',
      },
      'tech-age': {
        question: 'Who can use Cena?',
        answer: `People aged ${n(RETENTION.minimumAge)} or over, as set out in the Terms of Use. You sign up with e-mail and password or with Google and activate your account through the link we e-mail you.`,
      },
      'tech-support': {
        question: 'How do I contact support?',
        answer: `Write to ${supportEmail}. We reply within ${n(RETENTION.supportReplyHours)} hours. Include your account e-mail and, if it is about a video, the request ID.`,
      },
      'tech-install': {
        question: 'Do I need to install anything?',
        answer:
          'No. Cena runs in your browser, on a computer or a phone. Just sign in to create, follow and download your videos.',
      },
    },
  };
}

const BUILDERS: Record<Language, (options: FaqOptions) => LocalizedFaq> = { 'pt-BR': ptBR, en };

/** The whole FAQ in one language, categories and questions in display order. Pure: safe for prerendering. */
function getFaq(language: string | undefined, options: FaqOptions): FaqCategory[] {
  const content = BUILDERS[faqLanguage(language)](options);
  return FAQ_CATEGORY_IDS.map((category) => ({
    id: category,
    title: content.categories[category],
    items: FAQ_ITEM_IDS[category].map((id) => ({ id, category, ...content.items[id] })),
  }));
}

/** Every question of the FAQ, flattened in display order. */
export function getFaqItems(language: string | undefined, options: FaqOptions): FaqItem[] {
  return getFaq(language, options).flatMap((category) => category.items);
}

/** The FAQ in the current UI language (re-renders on language change). */
export function useFaq(): FaqCategory[] {
  const { i18n } = useTranslation('faq');
  const { supportEmail } = usePublicConfig();
  const language = i18n.language;
  return useMemo(() => getFaq(language, { supportEmail }), [language, supportEmail]);
}

/** Selected questions, in the order given, in the current UI language (landing and pricing pages). */
export function useFaqItems(ids: readonly FaqItemId[]): FaqItem[] {
  const categories = useFaq();
  return useMemo(() => {
    const all = new Map(categories.flatMap((category) => category.items).map((item) => [item.id, item]));
    return ids.flatMap((id) => {
      const item = all.get(id);
      return item ? [item] : [];
    });
  }, [categories, ids]);
}
