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
  const { n } = faqFormatters('en');
  const fast = n(VIDEO_COST_CREDITS.fast);
  const quality = n(VIDEO_COST_CREDITS.quality);
  const packages = CREDIT_PACKAGES.map((pkg) => pkg.credits);

  return {
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
  };
}

/** Plans and billing: the plans, the yearly period, changing or cancelling, payments, invoices, withdrawal. */
function plansItems(supportEmail: string): FaqCategoryItems<'planos'> {
  const { n } = faqFormatters('en');
  const planLines = PLANS.map(
    (plan) =>
      `• ${plan.name}: ${n(plan.credits)} credits per month — ${formatBRL(plan.monthlyPriceCents)}/month or ${formatBRL(plan.yearlyPriceCents)}/year.`,
  ).join('\n');

  return {
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
        "Payments are processed by Stripe, in Brazilian reais (R$), over a secure SSL-encrypted connection. Plans and credit packages take card, Pix or boleto: you pick one before the checkout opens. A plan on a card renews by itself; a plan paid by Pix runs for the period paid and does not renew by itself. A package's credits arrive once the payment is confirmed (Pix at once, boleto when the bank clears it). Cena never stores your card details.",
    },
    'plans-invoices': {
      question: 'Where can I find my invoices and payments?',
      answer:
        'Your profile shows your payment history and opens the billing portal, with your invoices, payment method and plan options.',
    },
    'plans-withdrawal': {
      question: 'Can I withdraw from a purchase? (right of withdrawal)',
      answer: `Yes. Under Brazil's Consumer Protection Code (art. 49) you may withdraw from an online purchase within ${n(WITHDRAWAL_DAYS)} days. A credit package bought up to ${n(WITHDRAWAL_DAYS)} days ago with none of its credits used is refunded in full from your Profile, under Payment history, with "Withdraw from purchase": the money goes back to the card or Pix that paid (a boleto purchase goes back by Pix, to the key you give), the package's credits leave your balance and an e-mail confirms the withdrawal at once. If some credits were used, or it is a subscription, contact support at ${supportEmail}.`,
    },
  };
}

/** Videos: how long, the two modes, the formats, images and the cast, muted audio, download and sharing. */
function videosItems(): FaqCategoryItems<'videos'> {
  const { n, list } = faqFormatters('en');
  const fast = n(VIDEO_COST_CREDITS.fast);
  const quality = n(VIDEO_COST_CREDITS.quality);
  const minutes = `${n(VIDEO_ESTIMATE_MINUTES.min)} to ${n(VIDEO_ESTIMATE_MINUTES.max)} minutes`;
  const otherRatios = ASPECT_RATIOS.filter((ratio) => ratio !== NATIVE_ASPECT_RATIO);
  const ratioNames: Record<string, string> = {
    '16:9': 'landscape',
    '9:16': 'vertical',
    '1:1': 'square',
    '4:3': 'classic',
  };
  const ratios = list(ASPECT_RATIOS.map((ratio) => `${ratio} (${ratioNames[ratio] ?? ratio})`));

  return {
    'videos-time': {
      question: 'How long does it take to generate a video?',
      answer: `Usually ${minutes}: about ${n(VIDEO_DURATION_MINUTES.fast.min)} to ${n(VIDEO_DURATION_MINUTES.fast.max)} minutes in Fast mode and ${n(VIDEO_DURATION_MINUTES.quality.min)} to ${n(VIDEO_DURATION_MINUTES.quality.max)} minutes in Quality. You can follow the progress live in your History.`,
    },
    'videos-modes': {
      question: "What's the difference between Fast and Quality?",
      answer: `There are three modes. Draft (${n(VIDEO_COST_CREDITS.draft)} credits) renders at ${MODE_RESOLUTION.draft}, the cheapest, to test the idea and finish the best one. Fast (${fast} credits) renders at ${MODE_RESOLUTION.fast}, quick and cheap, great for variations. Quality (${quality} credits) renders at ${MODE_RESOLUTION.quality}, with more detail, for the final video; at 4K it costs ${n(requestCredits({ quality: 'quality', resolution: '4k' }))} credits. Prices are for an ${n(VIDEO_LENGTH_SECONDS)}-second video with sound.`,
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
      question: 'How do I download and share my videos, and how long are they kept?',
      answer: `Once a video is ready, open it in your History and click Download. The file is an MP4 that plays in any player and on any social network. Your video history is kept for ${n(RETENTION.videoHistoryYears)} years.\n\nOn a completed video, tap Share. On a phone, Cena opens the device's share sheet and sends the video itself when the app takes files (WhatsApp, Instagram), or else the link. On a computer, the link is copied. Anyone with the link can watch the video without an account, on a page that previews in WhatsApp, Instagram and X. The link is long and cannot be guessed, and you can revoke it at any time with Revoke link: it stops opening at once. Deleting your account also turns off all your links, and your data export lists the active ones.`,
    },
  };
}

/** Technical and account: prompts, the seed, a failed video, who may sign up, support, notifications. */
function techItems(supportEmail: string): FaqCategoryItems<'tecnico'> {
  const { n } = faqFormatters('en');

  return {
    'tech-prompt': {
      question: 'How do I write a good prompt?',
      answer: `Describe who appears, what happens, where, how the camera moves, the lighting, the style and, if you like, the sound. The prompt needs at least ${n(PROMPT_MIN_LENGTH)} characters. Cena automatically turns your text into the model's structured JSON prompt (subject, action, setting, camera, lighting, style, audio and what to avoid).`,
    },
    'tech-seed': {
      question: 'What is the seed for?',
      answer: `The seed is an optional ${n(String(SEED_MIN).length)}-digit number (${SEED_MIN} to ${SEED_MAX}) that is recorded in the video's technical details. Google's video models (Gemini Omni and Veo) take no seed: it neither repeats a result nor changes the video made.`,
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
      question: 'Do I need to install anything? How do I know a video is ready?',
      answer:
        'No. Cena runs in your browser, on a computer or a phone. Just sign in to create, follow and download your videos.\n\nWe e-mail you when a video is ready or has failed (you choose in Settings). You can also get a notification on your phone or computer: after creating a video, tap “Turn on notifications”, or switch on “Notify me on this device” in your Profile. The browser asks for your permission only then.\n\nOne notification arrives per submit, even when you ask for several variations: “Your video is ready” or “Failed — credits refunded”. Tapping it opens the video. It applies to the device where you turned it on; to stop, switch it off in your Profile. If you blocked Cena’s notifications in the browser, allow them in the site settings. On an iPhone, add Cena to the Home Screen (Share → Add to Home Screen) and turn them on there.',
    },
  };
}

/** The FAQ in English: the same questions as pt-BR. Every figure comes from src/shared/catalogue.ts. */
export function en({ supportEmail }: FaqOptions): LocalizedFaq {
  return {
    categories: {
      creditos: 'Credits',
      planos: 'Plans and billing',
      videos: 'Videos',
      tecnico: 'Technical and account',
    },
    items: { ...creditsItems(), ...plansItems(supportEmail), ...videosItems(), ...techItems(supportEmail) },
  };
}
