/** `/verificar` (ADR 0065): checking a video's Content Credentials, in plain words. */
const verify = {
  documentTitle: 'Verificar vídeo · Cena',
  title: 'Verificar um vídeo',
  intro:
    'Veja se um vídeo carrega credenciais de conteúdo (C2PA) válidas: quem assinou, quando, com qual modelo de IA e o que foi feito nele.',
  fileLabel: 'Vídeo (MP4)',
  fileHint: 'Até {{megabytes}} MB. O vídeo é lido só para a verificação e não fica guardado.',
  or: 'ou',
  linkLabel: 'Link da Cena',
  linkPlaceholder: 'https://…/v/…',
  submit: 'Verificar',
  checking: 'Verificando…',
  status: {
    valid: 'Credenciais válidas',
    invalid: 'As credenciais não conferem',
    none: 'Sem credenciais de conteúdo',
  },
  explain: {
    validCena: 'Este vídeo foi feito na Cena e não foi alterado desde que foi assinado.',
    validOther: 'A assinatura confere e o vídeo não foi alterado, mas quem assinou não é a Cena.',
    invalid:
      'O vídeo carrega credenciais, mas elas não correspondem ao arquivo: ele foi alterado depois de assinado, ou a assinatura está corrompida.',
    none: 'Este arquivo não carrega credenciais de conteúdo. Isso não diz se ele foi feito com IA ou não.',
  },
  aiGenerated: 'Gerado com IA',
  fields: {
    signer: 'Assinado por',
    signedAt: 'Assinado em',
    generator: 'Gerado por',
    model: 'Modelo de IA',
    actions: 'O que foi feito',
    failures: 'O que não confere',
  },
  /** Who vouches for "Assinado em" (the time is dd/MM/yyyy HH:mm in Brasília). */
  timeSource: {
    timestamp: 'Horário de Brasília, atestado por um carimbo de tempo de uma autoridade confiável.',
    signer_clock:
      'Horário de Brasília, pelo relógio de quem assinou: não há carimbo de tempo de uma autoridade que o comprove.',
  },
  actions: {
    created: 'Criado por um modelo de IA',
    edited: 'Editado',
    other: 'Outra ação ({{action}})',
  },
  edits: {
    joined: 'Partes unidas em um só vídeo',
    trimmed: 'Cortado',
    reframed: 'Reenquadrado para outro formato',
    captioned: 'Legendas gravadas na imagem',
    marked: 'Marca d’água do teste gratuito',
  },
};

export default verify;
