import type { LocaleShape } from '#web/lib/locale-shape';
import privacy from './privacy.en';
import type ptBR from './pt-BR';
import terms from './terms.en';

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
        'Describe a scene or upload a reference image and get a {{seconds}}-second video with sound, ready to post: Fast mode at {{fastResolution}} or Quality at {{qualityResolution}}.',
      ctaPrimary: 'Create a free account',
      ctaSecondary: 'See plans',
      chipsLabel: 'Highlights',
      ready: 'Ready in {{min}} to {{max}} minutes',
      refund: 'Credits back if a generation fails',
      trial:
        'Your first video is free: {{credits}} credits (one Fast video) when you confirm your e-mail, valid for {{days}} days',
    },
    chips: {
      fast: 'Fast {{resolution}}',
      quality: 'Quality {{resolution}}',
      draft: 'Draft {{resolution}}',
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
        title: '{{seconds}} seconds, Fast at {{fastResolution}} or Quality at {{qualityResolution}}',
        body: '{{seconds}}-second videos, Fast at {{fastResolution}} or Quality at {{qualityResolution}}, crisp enough for social media, ads and presentations.',
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
      subtitle:
        'Create your free account and pick a plan when you want to generate: your first idea becomes a video today.',
      button: 'Create a free account',
    },
  },

  pricing: {
    documentTitle: 'Plans and pricing — Cena',
    title: 'Plans and pricing',
    subtitle:
      'Pick the plan that fits your pace. Every plan includes {{seconds}}-second videos with sound, in Fast ({{fastResolution}}) and Quality ({{qualityResolution}}) modes.',
    billing: {
      label: 'Billing period',
      monthly: 'Monthly',
      yearly: 'Yearly',
      toggle: 'Yearly billing',
      freeMonths: '{{months}} months free',
      discount: '-{{percent}}%',
    },
    payment: {
      legend: 'Payment method',
      card: 'Card (renews by itself)',
      pix: 'Pix (one payment, 1 month or 1 year)',
      boleto: 'Boleto',
      taxId: 'CPF or CNPJ for the invoice (optional)',
      taxIdInvalid: 'Invalid CPF or CNPJ: check the digits.',
    },
    billedMonthly: 'Billed monthly',
    billedYearly: '{{price}} billed yearly',
    yearlySavings: 'Save {{price}} a year',
    features: {
      creditsMonthly: '{{credits}} credits per month',
      creditsYearly: '{{credits}} credits per year',
      mode: '{{mode}} ({{resolution}}): up to {{videos}} videos of {{seconds}} s',
      modeLengths:
        '{{mode}} ({{resolution}}): up to {{videos}} videos of {{seconds}} s or {{longestVideos}} of {{longestSeconds}} s',
      modes: { draft: 'Draft', fast: 'Fast', quality: 'Quality' },
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
      fastVideos: 'Fast videos ({{resolution}})',
      qualityVideos: 'Quality videos ({{resolution}})',
      draftVideos: 'Drafts ({{resolution}})',
      pricePerFast: 'Price per Fast video',
      pricePerQuality: 'Price per Quality video',
      perMonthNote: 'Amounts per month. Price per video based on {{period}} billing.',
    },
    trust: {
      label: 'Secure checkout',
      ssl: 'Secure SSL-encrypted connection',
      stripe: 'Payments processed by Stripe',
      users: '{{value}}+ users already create with Cena',
      trial:
        'Your first video is free: {{credits}} credits (one Fast video) when you confirm your e-mail, valid for {{days}} days',
    },
    packages: {
      title: 'Need more credits?',
      subtitle: 'One-off packages to top up your balance, valid for {{days}} days.',
      credits: '{{credits}} credits',
      perCredit: 'R$ {{price}} per credit',
      discount: '{{percent}}% off',
      discountBasis:
        'Discounts on the price per credit, against the {{credits}}-credit package (R$ {{price}} per credit).',
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
      draft: {
        title: 'Draft',
        body: 'At 360p, the cheapest: to try the idea in any ratio and finish the best in Fast or Quality.',
      },
      fast: {
        title: 'Fast',
        body: 'Quicker and cheaper, at {{resolution}}. Great for testing ideas, making variations and for formats other than {{ratio}}.',
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

  terms,
  privacy,

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
