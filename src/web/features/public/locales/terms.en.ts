import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './terms.pt-BR';

/** `public` namespace, English: the Terms of Use page. Same keys as pt-BR. */
const terms: LocaleShape<typeof ptBR> = {
  documentTitle: 'Terms of Use — Cena',
  title: 'Terms of Use',
  intro:
    'These Terms of Use govern access to and use of Cena, an online service for creating short videos with artificial intelligence. By creating an account or using Cena, you agree to these terms. If you do not agree, do not use the service.',
  service: {
    title: 'The service',
    body: 'Cena generates {{seconds}}-second videos with sound, in Fast mode at {{fastResolution}} or in Quality at {{qualityResolution}} from a text description (prompt) and, optionally, a reference image, using third-party AI models such as Gemini Omni and Veo from Google, in Fast and Quality modes. Generation usually takes {{min}} to {{max}} minutes; this is an estimate, not a guarantee. Because this is generative AI, results vary and may not match the description exactly.',
  },
  eligibility: {
    title: 'Who may use Cena',
    body: 'You must be at least {{age}} years old to create an account and use Cena. By signing up, you confirm that you are {{age}} or older and that the information you provide is true.',
  },
  account: {
    title: 'Your account',
    body: 'You are responsible for keeping your password secret and for all activity on your account. Tell us immediately if you suspect unauthorised use. We may suspend or close accounts that breach these terms.',
  },
  plans: {
    title: 'Plans, prices and payment',
    intro:
      'Cena offers subscription plans billed monthly or yearly. Prices are in Brazilian reais (R$) and each plan includes the credits below:',
    caption: 'Subscription plans',
    plan: 'Plan',
    monthly: 'Monthly',
    yearly: 'Yearly',
    creditsMonthly: 'Credits per month',
    creditsYearly: 'Credits on the yearly plan',
    yearlyExplained:
      'On a monthly plan, credits are released with each payment. On a yearly plan, one payment covers {{months}} months and the credits for the whole period ({{months}} times the monthly credits) are released at once.',
    packagesIntro: 'We also sell one-off credit packages:',
    packagesCaption: 'Credit packages',
    package: 'Package',
    price: 'Price',
    validity: 'Validity',
    packageCredits: '{{credits}} credits',
    packageValidity: '{{days}} days',
    payment:
      'Payments are processed by Stripe; Cena does not store your full card details. Subscriptions renew automatically at the end of each period until you cancel.',
    changes:
      'You can change plans or cancel at any time in the billing portal. When you upgrade, you pay only the difference and the extra credits are released right away, valid until the end of the current period. Downgrades and cancellations take effect at the end of the period already paid.',
    priceChanges:
      'We may change plan prices. Any change will be announced in advance and will only apply from the next renewal.',
  },
  credits: {
    title: 'Credits and expiry',
    intro:
      'Each video uses credits: {{fast}} credits in Fast mode and {{quality}} credits in Quality mode. Credits expire:',
    monthly: 'Monthly plan: at the end of the billing period (the month paid for).',
    yearly: 'Yearly plan: at the end of the {{months}}-month period.',
    packages: 'One-off packages: {{days}} days after purchase.',
    rollover: 'Unused credits do not roll over to the next period.',
    usage:
      'When you create a video, the credits that expire soonest are used first. Credits have no cash value, cannot be exchanged for money and cannot be transferred to another account.',
  },
  refunds: {
    title: 'Failed generations and credit refunds',
    body: 'If a video generation fails, for any reason, the credits used are automatically returned to your account. If those credits expire while the video is processing, they come back as refund credits valid for {{days}} days.',
    payments:
      'Right of withdrawal (Consumer Protection Code, art. 49): you may withdraw from a purchase within {{withdrawalDays}} days of paying. A credit package with none of its credits used is refunded in full from your account, under Payments, and its credits leave your balance. Otherwise — credits already used, boleto payments or subscriptions — ask support; requests are assessed under the Brazilian Consumer Protection Code.',
  },
  acceptableUse: {
    title: 'Acceptable use',
    intro: 'You agree not to use Cena to create, upload or share content that:',
    minors: 'involves the exploitation or sexualisation of minors, under any circumstances;',
    illegal: 'is illegal, defamatory, discriminatory, hateful or incites violence;',
    deception: 'portrays real people deceptively or without permission, or serves fraud or disinformation;',
    rights: 'infringes copyright, image rights, trademarks or other third-party rights;',
    explicit: 'contains pornography or graphic violence.',
    circumvent:
      'You must also not try to bypass moderation, limits or security, or access the service by unauthorised automated means. You are responsible for the prompts and images you submit and confirm that you hold the necessary rights to them.',
  },
  moderation: {
    title: 'Content moderation',
    body: 'Prompts and images go through automated moderation, both ours and the AI providers’. A request may be blocked — in that case, the credits are returned. For sensitive prompts (for example, involving babies, children or profanity), moderation may produce the video without sound; retrying the same prompt does not change that. Accounts that repeatedly break these rules may be suspended.',
  },
  content: {
    title: 'Generated content',
    body: 'Cena does not claim ownership of the videos you create. Subject to these terms and third-party rights, you may use them freely, and you authorise us to store and process them to provide the service. Because others may obtain similar results, we do not guarantee that generated content is exclusive.',
  },
  liability: {
    title: 'Availability and liability',
    body: 'We work to keep Cena available and running well, but the service may experience interruptions, maintenance or provider outages. To the fullest extent permitted by law, Cena is not liable for indirect damages arising from the use of the service or of generated content. Nothing in these terms limits your rights as a consumer.',
  },
  changes: {
    title: 'Changes to these terms',
    body: 'We may update these terms. If a change is significant, we will let you know by e-mail or on the site before it takes effect. Continuing to use Cena after the update means you accept the new version.',
  },
  law: {
    title: 'Governing law',
    body: 'These terms are governed by the laws of the Federative Republic of Brazil.',
  },
  contact: {
    title: 'Contact',
    body: 'Questions about these terms? Write to our support team — we reply within {{hours}} hours.',
  },
};

export default terms;
