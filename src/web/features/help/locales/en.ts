import type { LocaleShape } from '#web/lib/locale-shape';
import type ptBR from './pt-BR';

/** `help` namespace (English). Must have exactly the keys of pt-BR.ts (checked by the type). */
const en: LocaleShape<typeof ptBR> = {
  documentTitle: 'Help center — Cena',
  title: 'Help center',
  subtitle: 'Quick answers, what Cena does and how to reach us.',
  tabs: { faq: 'FAQ', features: 'Features', contact: 'Contact' },
  modePrices: {
    title: 'Modes and prices',
    caption: 'Credits per video, by mode and length. Other lengths cost in proportion, rounded up.',
    mode: 'Mode',
    length: '{{seconds}} s',
    modeName: '{{mode}} ({{resolution}})',
    modes: { draft: 'Draft', fast: 'Fast', quality: 'Quality' },
    credits_one: '{{count}} credit',
    credits_other: '{{count}} credits',
  },
  features: {
    audio: {
      title: 'Built-in audio',
      body: 'Every video comes with sound: ambience, effects and dialogue generated with the picture, no separate editing.',
    },
    resolution: {
      title: '{{fastResolution}} (Fast) or {{qualityResolution}} (Quality) output',
      body: 'Fast videos at {{fastResolution}} (HD) and Quality videos at {{qualityResolution}} (Full HD), ready for social media, presentations or your website.',
    },
    scene: {
      title: 'Advanced scene understanding',
      body: 'The model understands the characters, setting, light and camera moves in your prompt and keeps them consistent.',
    },
    modes: {
      title: 'Text-to-video and image-to-video',
      body: 'Start from a description or animate a reference image, and join scenes into videos over one minute long.',
    },
    prompts: {
      title: 'Smart prompt processing',
      body: 'Your text is organised automatically into the JSON prompt format the model understands best: scene, style, camera and audio.',
    },
    preview: {
      title: 'See the prompt before paying',
      body: 'With “See structured prompt”, Cena suggests how to describe your scene to the model (subject, action, scene, camera, lighting, style, audio and what to avoid); when the text model is unavailable it only splits your own words into those fields. Edit any field before generating; the panel shows exactly the text the video model will receive. Free, up to 20 previews an hour.',
    },
    guarantee: {
      title: 'Take guarantee',
      body: 'Before delivering, Cena checks each video: frozen or black picture, missing sound when you asked for audio and, with the text model, whether the subject and action of your prompt are there. If the video fails, we generate it again at no cost; if it fails again, your credits come back, with the reason on the timeline.',
    },
    captions: {
      title: 'Captions in Portuguese',
      body: 'On a completed video, tap “Legendas”: Cena listens to the speech and writes Portuguese captions, timed sentence by sentence. Correct each caption’s text, save, and download the captions (.vtt, for players and YouTube) or the video with the captions burned into the picture, readable on a phone held upright (9:16) or sideways (16:9), for Reels, TikTok and WhatsApp, which play muted. It is free; when the video has no speech, Cena says “Este vídeo não tem fala” and nothing is charged.',
    },
    trial: {
      title: 'Your first video is free',
      body: 'When you confirm the e-mail of a new account you get {{trialCredits}} credits, enough for one Fast video, valid for {{trialDays}} days. It is one per person: one per confirmed e-mail (the same e-mail on a new account does not get it again), with a daily limit per network and per browser.',
    },
    invites: {
      title: 'Invite a friend',
      body: 'Your invite link is on your Profile. When someone who signed up through it makes their first paid purchase, you get {{inviterCredits}} credits and they get {{inviteeCredits}}, valid for {{inviteDays}} days, once per invited account, as soon as the period to withdraw from that purchase ends. Up to {{invitesPerDay}} invites a day and {{invitesTotal}} in all count; accounts made on the same device or network, or paid with the same card, as you or another invitee do not count. If that purchase is refunded or disputed later, the invite credits not yet used are taken back.',
    },
  },
  contact: {
    title: 'Contact support',
    body: 'Questions about credits, plans, payments or a specific video? Send us an e-mail.',
    reply: 'We reply within {{hours}} hours.',
  },
};

export default en;
