/** `public` namespace, the Privacy Policy page (pt-BR, the source of truth). */
export default {
  documentTitle: 'Política de Privacidade — Cena',
  title: 'Política de Privacidade',
  intro:
    'Esta Política de Privacidade explica como a Cena coleta, usa, compartilha e protege seus dados pessoais, de acordo com a Lei Geral de Proteção de Dados Pessoais (LGPD — Lei nº 13.709/2018).',
  controller: {
    title: 'Quem trata seus dados',
    body: 'A Cena é a controladora dos dados pessoais tratados no serviço. Para qualquer assunto de privacidade, inclusive para falar com o nosso encarregado de proteção de dados, use o e-mail de suporte indicado no fim desta página.',
  },
  data: {
    title: 'Dados que coletamos',
    accountIntro: 'Dados da conta:',
    fullName: 'nome completo;',
    email: 'e-mail;',
    password: 'senha (guardada apenas em formato criptografado, nunca em texto);',
    language: 'idioma preferido;',
    timeZone: 'fuso horário.',
    content:
      'Conteúdo que você cria: prompts, imagens de referência, configurações de cada vídeo (modo, formato e seed) e os vídeos gerados.',
    payments:
      'Dados de pagamento: assinaturas, compras, valores e identificadores das transações. Os dados do cartão são informados diretamente à Stripe e não ficam armazenados na Cena.',
    technical:
      'Dados técnicos: endereço IP, navegador e dispositivo, datas e horários de acesso e registros (logs) de uso e de erros.',
  },
  purposes: {
    title: 'Para que usamos seus dados',
    account: 'criar e manter sua conta e autenticar seu acesso (execução de contrato);',
    videos: 'gerar, armazenar e entregar seus vídeos (execução de contrato);',
    billing:
      'processar pagamentos, assinaturas e créditos (execução de contrato e cumprimento de obrigação legal);',
    support: 'prestar suporte e enviar avisos sobre sua conta e o serviço (execução de contrato);',
    security:
      'garantir a segurança, prevenir fraudes e abusos e moderar conteúdo (legítimo interesse e cumprimento de obrigação legal);',
    improve: 'melhorar o serviço com base em dados de uso agregados (legítimo interesse).',
    noSale: 'Não vendemos seus dados pessoais.',
  },
  sharing: {
    title: 'Com quem compartilhamos',
    ai: 'provedores de IA, como o Google (Gemini Omni e Veo), que recebem o prompt e a imagem de referência para gerar o vídeo;',
    stripe: 'Stripe, para processar pagamentos;',
    infrastructure: 'provedores de hospedagem, armazenamento e envio de e-mails que operam a Cena;',
    authorities: 'autoridades públicas, quando exigido por lei ou ordem judicial.',
    transfer:
      'Esses parceiros tratam os dados apenas para as finalidades descritas aqui. Alguns podem processá-los fora do Brasil; nesses casos, adotamos as salvaguardas previstas na LGPD para a transferência internacional de dados.',
  },
  retention: {
    title: 'Por quanto tempo guardamos',
    videos: 'Histórico de vídeos (prompts, imagens e vídeos gerados): {{years}} anos.',
    logs: 'Registros do sistema (logs): {{days}} dias.',
    payments: 'Dados de pagamento: {{years}} anos, para cumprir obrigações legais e fiscais.',
    account:
      'Dados da conta: enquanto a conta estiver ativa. Depois da exclusão, são apagados ou anonimizados, salvo quando a lei exigir a guarda.',
  },
  rights: {
    title: 'Seus direitos',
    intro: 'Pela LGPD, você pode, a qualquer momento:',
    access: 'confirmar se tratamos seus dados e acessá-los;',
    correct: 'corrigir dados incompletos, inexatos ou desatualizados;',
    anonymize:
      'pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a LGPD;',
    portability: 'pedir a portabilidade dos seus dados;',
    delete: 'pedir a eliminação dos dados tratados com base no seu consentimento;',
    sharing: 'saber com quem compartilhamos seus dados;',
    revoke: 'revogar o consentimento.',
    howTo:
      'Você pode atualizar nome e idioma no seu perfil. Para os demais pedidos, escreva para o suporte: respondemos em até {{days}} dias. Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
  },
  security: {
    title: 'Segurança',
    body: 'Adotamos medidas técnicas e administrativas para proteger seus dados, como conexões criptografadas (SSL/TLS), senhas guardadas com hash e acesso restrito. Se ocorrer um incidente de segurança que possa causar risco ou dano relevante, comunicaremos você e a ANPD em até {{hours}} horas depois de tomarmos conhecimento.',
  },
  cookies: {
    title: 'Cookies',
    body: 'Usamos apenas cookies essenciais, para manter sua sessão conectada, e o armazenamento do navegador para lembrar preferências como o idioma. Não usamos cookies de publicidade.',
  },
  minors: {
    title: 'Menores de idade',
    body: 'A Cena é destinada a maiores de {{age}} anos. Não coletamos intencionalmente dados de menores; se identificarmos uma conta de menor, ela será encerrada e os dados, eliminados.',
  },
  changes: {
    title: 'Alterações desta política',
    body: 'Podemos atualizar esta política. Mudanças relevantes serão avisadas por e-mail ou no site antes de entrarem em vigor.',
  },
  contact: {
    title: 'Contato',
    body: 'Para exercer seus direitos ou tirar dúvidas sobre privacidade, escreva para o e-mail abaixo. Respondemos às mensagens de suporte em até {{hours}} horas e às solicitações de direitos do titular em até {{days}} dias.',
  },
} as const;
