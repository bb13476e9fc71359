import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './privacy.pt-BR';

/** `public` namespace, English: the Privacy Policy page. Same keys as pt-BR. */
const privacy: LocaleShape<typeof ptBR> = {
  documentTitle: 'Privacy Policy — Cena',
  title: 'Privacy Policy',
  intro:
    'This Privacy Policy explains how Cena collects, uses, shares and protects your personal data, in line with Brazil’s General Data Protection Law (LGPD — Law No. 13,709/2018).',
  controller: {
    title: 'Who handles your data',
    body: 'Cena is the controller of the personal data processed in the service. For any privacy matter, including reaching our data protection officer, use the support e-mail at the end of this page.',
  },
  data: {
    title: 'Data we collect',
    accountIntro: 'Account data:',
    fullName: 'full name;',
    email: 'e-mail;',
    password: 'password (stored only in hashed form, never as plain text);',
    language: 'preferred language;',
    timeZone: 'time zone.',
    content:
      'Content you create: prompts, reference images, the settings of each video (mode, format and seed) and the generated videos.',
    payments:
      'Payment data: subscriptions, purchases, amounts and transaction identifiers. Card details are entered directly with Stripe and are not stored by Cena.',
    technical:
      'Technical data: IP address, browser and device, access dates and times, and usage and error logs.',
  },
  purposes: {
    title: 'How we use your data',
    account: 'to create and maintain your account and authenticate you (performance of a contract);',
    videos: 'to generate, store and deliver your videos (performance of a contract);',
    billing:
      'to process payments, subscriptions and credits (performance of a contract and legal obligation);',
    support:
      'to provide support and send notices about your account and the service (performance of a contract);',
    security:
      'to keep the service secure, prevent fraud and abuse and moderate content (legitimate interest and legal obligation);',
    improve: 'to improve the service from aggregated usage data (legitimate interest).',
    noSale: 'We do not sell your personal data.',
  },
  sharing: {
    title: 'Who we share it with',
    ai: 'AI providers such as Google (Gemini Omni and Veo), which receive the prompt and reference image to generate the video;',
    stripe: 'Stripe, to process payments;',
    infrastructure: 'hosting, storage and e-mail providers that run Cena;',
    authorities: 'public authorities, when required by law or court order.',
    transfer:
      'These partners process data only for the purposes described here. Some may process it outside Brazil; in those cases we apply the safeguards the LGPD requires for international data transfers.',
  },
  retention: {
    title: 'How long we keep it',
    videos: 'Video history (prompts, images and generated videos): {{years}} years.',
    logs: 'System logs: {{days}} days.',
    payments: 'Payment data: {{years}} years, to meet legal and tax obligations.',
    account:
      'Account data: while the account is active. After deletion it is erased or anonymised, unless the law requires us to keep it.',
  },
  rights: {
    title: 'Your rights',
    intro: 'Under the LGPD you may, at any time:',
    access: 'confirm whether we process your data and access it;',
    correct: 'correct incomplete, inaccurate or outdated data;',
    anonymize:
      'ask for anonymisation, blocking or deletion of unnecessary or excessive data, or data processed in breach of the LGPD;',
    portability: 'ask for the portability of your data;',
    delete: 'ask for deletion of data processed on the basis of your consent;',
    sharing: 'find out who we share your data with;',
    revoke: 'withdraw your consent.',
    howTo:
      'You can update your name and language in your profile. For any other request, write to support: we answer within {{days}} days. You may also complain to Brazil’s National Data Protection Authority (ANPD).',
  },
  security: {
    title: 'Security',
    body: 'We apply technical and organisational measures to protect your data, such as encrypted connections (SSL/TLS), hashed passwords and restricted access. If a security incident may cause you significant risk or harm, we will notify you and the ANPD within {{hours}} hours of becoming aware of it.',
  },
  cookies: {
    title: 'Cookies',
    body: 'We use only essential cookies, to keep you signed in, and browser storage to remember preferences such as your language. We do not use advertising cookies.',
  },
  minors: {
    title: 'Minors',
    body: 'Cena is intended for people aged {{age}} and over. We do not knowingly collect data from minors; if we identify an account belonging to a minor, it will be closed and its data deleted.',
  },
  changes: {
    title: 'Changes to this policy',
    body: 'We may update this policy. Significant changes will be announced by e-mail or on the site before they take effect.',
  },
  contact: {
    title: 'Contact',
    body: 'To exercise your rights or ask about privacy, write to the e-mail below. We reply to support messages within {{hours}} hours and to data-subject requests within {{days}} days.',
  },
};

export default privacy;
