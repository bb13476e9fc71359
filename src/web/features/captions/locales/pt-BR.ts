/** `captions` namespace (pt-BR, the source of truth): 'Legendas' on a completed video's detail page (ADR 0039). */
export default {
  title: 'Legendas',
  intro:
    'Transcrevemos a fala do vídeo em português, com o tempo de cada frase. Você corrige o texto e baixa a legenda (.vtt) ou o vídeo com a legenda gravada na imagem, para o Reels, o TikTok e o WhatsApp. Não custa créditos.',
  start: 'Gerar legendas',
  retry: 'Tentar de novo',
  transcribing: 'Ouvindo a fala do vídeo…',
  local: 'Legendas de exemplo do modo local (sem chave do Gemini): o texto não vem da fala do vídeo.',
  preview: 'Prévia com legendas',
  trackLabel: 'Português (Brasil)',
  editorTitle: 'Corrigir o texto',
  editorHint: 'Cada caixa é uma legenda, na ordem em que aparece. Os tempos ficam como estão.',
  cueLabel: 'Legenda {{number}}, de {{start}} a {{end}}',
  save: 'Salvar e gravar no vídeo',
  saved: 'Legendas salvas. Gravando no vídeo…',
  saveError: 'Não foi possível salvar as legendas.',
  startError: 'Não foi possível gerar as legendas.',
  rendering: 'Gravando as legendas no vídeo…',
  downloadVtt: 'Baixar legenda (.vtt)',
  downloadVideo: 'Baixar vídeo legendado',
} as const;
