import type { LocaleShape } from '../../../lib/locale-shape';
import type ptBR from './pt-BR';

/** `public` namespace, English. Same keys as pt-BR; figures come from the catalogue through {{placeholders}}. */
const en: LocaleShape<typeof ptBR> = {
  shared: {
    perMonth: '/mo',
    supportEmailLabel: 'Support e-mail',
    lastUpdated: 'Last updated: {{date}}',
    legalUpdatedOn: 'November 22, 2026',
    numbered: '{{n}}. {{title}}',
    onThisPage: 'On this page',
    badges: {
      popular: 'Most popular',
      bestValue: 'Best value',
    },
    plans: {
      starter: 'To try things out and make your first videos.',
      creator: 'For creators who post every week.',
      pro: 'For professionals and small teams.',
      studio: 'For agencies and production at scale.',
    },
  },

  landing: {
    documentTitle: "Cena — AI videos with Google's Gemini Omni and Veo",
    hero: {
      eyebrow: "AI videos powered by Google's Gemini Omni and Veo",
      title: 'Turn your idea into a scene in minutes',
      subtitle:
        'Describe a scene or upload a reference image and get a {{seconds}}-second {{resolution}} video with sound, ready to post.',
      ctaPrimary: 'See plans',
      ctaSecondary: 'How it works',
      chipsLabel: 'Highlights',
      ready: 'Ready in {{min}} to {{max}} minutes',
      refund: 'Credits back if a generation fails',
    },
    chips: {
      fast: 'fast mode',
      quality: 'quality mode',
    },
    carousel: {
      label: 'Sample videos',
      roleDescription: 'carousel',
      slideRoleDescription: 'slide',
      slideLabel: 'Video {{n}} of {{total}}',
      dotsLabel: 'Choose a sample video',
      dot: 'Video {{n}}',
      mute: 'Mute video',
      pause: 'Pause auto-rotation',
      posterAlt: 'Frame from the sample video: {{prompt}}',
      promptLabel: 'Prompt:',
      quoted: '“{{text}}”',
      slides: {
        s1: 'Sunset over Copacabana in slow motion, the sun dipping behind the hills, golden reflections on the sea',
        s2: 'Coffee being poured in close-up, steam rising from the cup, warm coffee-shop light',
        s3: 'Misty Amazon rainforest at dawn, sunbeams breaking through the canopy',
        s4: 'A skateboarder gliding through Brasília at dusk, tracking shot',
        s5: 'Carnival with neon lights pulsing to the drums, party mood',
      },
    },
    stats: {
      label: 'Cena in numbers',
      rating: '{{rating}}/{{outOf}}',
      ratingLabel: 'average rating',
      videos: '{{value}}+',
      videosLabel: 'videos created',
      users: '{{value}}+',
      usersLabel: 'users',
      time: '{{min}}–{{max}} min',
      timeLabel: 'until your video is ready',
    },
    features: {
      eyebrow: 'Features',
      title: 'Everything you need to make videos that stand out',
      subtitle: "The power of Google's video models in a simple experience.",
      textImage: {
        title: 'Text or image to video',
        body: 'Start from a description, or attach a reference image to guide the character, setting and style.',
      },
      audio: {
        title: 'Built-in audio',
        body: 'Dialogue, sound effects and ambience generated together with the picture, already in sync.',
      },
      scene: {
        title: 'Advanced scene understanding',
        body: 'The model understands action, camera movement, lighting and mood to deliver coherent scenes from start to finish.',
      },
      prompt: {
        title: 'Smart prompt processing',
        body: "Your text is automatically turned into the model's structured JSON prompt — subject, action, setting, camera, lighting, style and audio — so the result matches what you pictured.",
      },
      hd: {
        title: '{{resolution}}, {{seconds}} seconds',
        body: '{{seconds}}-second videos at up to {{resolution}}, crisp enough for social media, ads and presentations.',
      },
      vertical: {
        title: 'Vertical {{ratio}}',
        body: 'Vertical format ready for Reels, TikTok and Shorts — plus {{others}}.',
      },
    },
    steps: {
      eyebrow: 'How it works',
      title: 'From prompt to download in four steps',
      more: 'Learn more about how it works',
    },
    pricing: {
      eyebrow: 'Pricing',
      title: 'A plan for every creative pace',
      subtitle: 'Videos from {{price}} each. Go yearly and get {{months}} months free.',
      credits: '{{credits}} credits per month',
      videos: 'Up to {{fast}} Fast or {{quality}} Quality videos',
      cta: 'See all plans',
    },
    faq: {
      eyebrow: 'Questions',
      title: 'Frequently asked questions',
      more: 'See all questions',
    },
    cta: {
      title: 'Ready to create your first scene?',
      subtitle: 'Pick a plan and start turning ideas into videos today.',
      button: 'Choose my plan',
    },
  },

  pricing: {
    documentTitle: 'Plans and pricing — Cena',
    title: 'Plans and pricing',
    subtitle:
      'Pick the plan that fits your pace. Every plan includes {{seconds}}-second videos with sound, in Fast and Quality modes.',
    billing: {
      label: 'Billing period',
      monthly: 'Monthly',
      yearly: 'Yearly',
      toggle: 'Yearly billing',
      freeMonths: '{{months}} months free',
      discount: '-{{percent}}%',
    },
    billedMonthly: 'Billed monthly',
    billedYearly: '{{price}} billed yearly',
    yearlySavings: 'Save {{price}} a year',
    features: {
      creditsMonthly: '{{credits}} credits per month',
      creditsYearly: '{{credits}} credits per year',
      fast: 'Up to {{videos}} Fast videos',
      quality: 'or up to {{videos}} Quality videos',
      expiryMonthly: 'Credits expire at the end of the month, no rollover',
      expiryYearly: 'Credits valid for {{months}} months, no rollover',
      output: '{{seconds}}-second videos with built-in audio',
      refund: 'Credits back if a generation fails',
    },
    subscribe: 'Subscribe to {{plan}}',
    startNow: 'Get started',
    loginRequired: 'Sign-in required',
    loginRequiredDescription: 'Sign in to subscribe to a plan',
    currentPlan: 'Current plan',
    changePlan: 'Change plan',
    processing: 'Processing...',
    errors: {
      title: 'Error',
      portal: 'Could not open the portal. Please try again.',
      payment: 'Payment error',
      paymentFallback: 'Please try again later',
    },
    costNote: 'Each Fast video uses {{fast}} credits and each Quality video uses {{quality}} credits.',
    comparison: {
      title: 'Compare plans',
      caption: 'Plan comparison with {{period}} billing',
      periodMonthly: 'monthly',
      periodYearly: 'yearly',
      feature: 'Feature',
      monthlyCredits: 'Monthly credits',
      fastVideos: 'Fast videos',
      qualityVideos: 'Quality videos',
      pricePerFast: 'Price per Fast video',
      pricePerQuality: 'Price per Quality video',
      perMonthNote: 'Amounts per month. Price per video based on {{period}} billing.',
    },
    trust: {
      label: 'Secure checkout',
      ssl: 'Secure SSL-encrypted connection',
      stripe: 'Payments processed by Stripe',
      users: '{{value}}+ users already create with Cena',
    },
    packages: {
      title: 'Need more credits?',
      subtitle: 'One-off packages to top up your balance, valid for {{days}} days.',
      credits: '{{credits}} credits',
      perCredit: 'R$ {{price}} per credit',
      discount: '{{percent}}% off',
      validity: 'Valid for {{days}} days',
      cta: 'Buy credits',
      note: 'Packages are bought from your account after you sign in.',
      noteSignedIn: "Your balance: {{balance}}. A package's credits are added right away.",
    },
    faq: {
      title: 'Questions about plans',
      more: 'See all questions',
    },
  },

  howItWorks: {
    documentTitle: 'How it works — Cena',
    title: 'How it works',
    subtitle:
      'From prompt to download in four simple steps. Nothing to install — it all runs in your browser.',
    stepLabel: 'Step {{n}}',
    stepsLabel: 'Step by step',
    steps: {
      signup: {
        title: 'Create your account',
        body: 'Sign up with e-mail and password or with Google, then confirm through the link we send you. You must be {{age}} or older.',
      },
      plan: {
        title: 'Choose a plan',
        body: 'Subscribe monthly or yearly — or buy a credit package. Credits land in your balance as soon as the payment is confirmed.',
      },
      create: {
        title: 'Describe your scene',
        body: 'Write the prompt, attach a reference image if you like, and pick the mode and format. You see the cost before sending: {{fast}} credits for Fast, {{quality}} for Quality.',
      },
      download: {
        title: 'Follow along and download',
        body: 'Track progress live in your history. In {{min}} to {{max}} minutes the video is ready to download. If anything fails, your credits come back automatically.',
      },
    },
    modes: {
      title: 'Fast or Quality?',
      subtitle:
        'Both modes make {{seconds}}-second videos with sound. They differ in speed, cost and level of detail.',
      cost: '{{credits}} credits per video',
      time: 'Ready in about {{min}} to {{max}} minutes',
      fast: {
        title: 'Fast',
        body: 'Quicker and cheaper. Great for testing ideas, making variations and for formats other than {{ratio}}.',
      },
      quality: {
        title: 'Quality',
        body: 'Maximum detail and fidelity, at {{resolution}}. Great for the final cut in {{ratio}}.',
      },
    },
    tips: {
      title: 'Tips for a great prompt',
      subject: 'Say who or what appears and what happens in the scene.',
      place: 'Describe the setting, the time of day and the mood.',
      camera: 'Name the camera movement: close-up, wide shot, drone, slow motion.',
      audio: 'Say how it should sound: dialogue, effects, music or ambience.',
      minLength: 'The prompt needs at least {{chars}} characters — the more specific, the better.',
    },
    cta: {
      title: 'Ready to start?',
      subtitle: 'Pick the plan that suits you and create your first video today.',
      button: 'See plans',
    },
  },

  terms: {
    documentTitle: 'Terms of Use — Cena',
    title: 'Terms of Use',
    intro:
      'These Terms of Use govern access to and use of Cena, an online service for creating short videos with artificial intelligence. By creating an account or using Cena, you agree to these terms. If you do not agree, do not use the service.',
    service: {
      title: 'The service',
      body: 'Cena generates {{seconds}}-second videos at up to {{resolution}} with sound from a text description (prompt) and, optionally, a reference image, using third-party AI models such as Gemini Omni and Veo from Google, in Fast and Quality modes. Generation usually takes {{min}} to {{max}} minutes; this is an estimate, not a guarantee. Because this is generative AI, results vary and may not match the description exactly.',
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
        'Requests to refund amounts paid can be sent to support and are assessed under applicable law, including the Brazilian Consumer Protection Code.',
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
  },

  privacy: {
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
  },

  contact: {
    documentTitle: 'Contact — Cena',
    title: 'Get in touch',
    subtitle: 'Questions about credits, plans, payments or a video? Our team replies within {{hours}} hours.',
    email: {
      title: 'Support e-mail',
      body: 'Write to the address below. We reply within {{hours}} hours.',
      button: 'Send an e-mail',
    },
    tips: {
      title: 'To help us help you faster',
      account: 'Write from the e-mail address on your account, or mention it in your message.',
      request:
        'If it is about a video, include the request ID shown on the confirmation and video details pages.',
      details: 'Tell us what happened and, if you can, attach a screenshot.',
    },
    faq: {
      title: 'The answer may already be here',
      body: 'Browse the frequently asked questions about credits, plans, videos and technical topics.',
      button: 'See frequently asked questions',
    },
  },
};

export default en;
