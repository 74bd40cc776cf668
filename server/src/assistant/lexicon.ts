// A question in French, Portuguese or German, read in English for retrieval (issue 29): the sentence
// model (USE lite) and the full-text index are English, and no multilingual model or dictionary
// ships in node_modules here. So the question's words are looked up in a small bilingual lexicon of
// the vocabulary people use about APIs and the businesses they serve (money, messages, places,
// goods, people, health, software), written from general knowledge of the three languages — NOT
// from the assistant's evaluation sets, which must stay a fair test. Words it lacks are kept as
// written (names, and words the languages share with English: SMS, API, e-mail, Lyon).

export type QuestionLang = 'en' | 'fr' | 'pt' | 'de';

/** Function words, one list per language: which language a question is in, and what to drop. */
const STOP: Record<Exclude<QuestionLang, 'en'>, string> = {
  fr: `le la les l un une des du de d au aux et ou en dans sur pour par avec sans ce cet cette ces mon ma mes ton ta tes son sa ses
    notre nos votre vos leur leurs je tu il elle on nous vous ils elles me te se qui que qu quoi dont est sont suis etre etait
    a ai as avons avez ont va vais vont fait faire peut peux pouvez puis comment quel quelle quels quelles ou quand pourquoi
    combien ne pas plus tres tout tous toute toutes y c s n ca cela ceci chez t il elle-meme d'un d'une`,
  pt: `o a os as um uma uns umas de do da dos das no na nos nas em por para pelo pela com sem e ou que quem qual quais como
    onde quando porque quanto quantos quanta quantas meu minha meus minhas seu sua seus suas nosso nossa eu tu ele ela nos
    voces eles elas me te se lhe e sao foi ser estar esta estao tem ter pode posso podem vai vou isso isto este esta esse essa
    ao aos mais muito ja nao sim`,
  de: `der die das den dem des ein eine einen einem einer eines und oder in im ins an am auf aus bei mit nach von vom zu zum zur
    fur uber unter vor hinter zwischen ich du er sie es wir ihr mein meine meinen meinem meiner dein sein seine unser unsere
    ist sind bin war waren hat haben habe wird werden kann konnen muss wie was wer welche welcher welches wo wann warum
    wieviel wie viele nicht kein keine auch noch schon sehr man sich dass ob alle allen jeder jede`,
};

/** word (lower case, no accents) -> English words. Plurals and common endings are tried too (base()). */
const WORDS: Record<Exclude<QuestionLang, 'en'>, Record<string, string>> = {
  fr: {
    // money and payments
    argent: 'money', paiement: 'payment', payer: 'pay', paye: 'paid', rembourser: 'refund', remboursement: 'refund', debiter: 'charge',
    debite: 'charged', crediter: 'credit', facture: 'invoice', facturer: 'bill', carte: 'card', bancaire: 'bank', banque: 'bank', compte: 'account',
    solde: 'balance', virement: 'transfer', prix: 'price', tarif: 'price', cout: 'cost', achat: 'purchase', acheter: 'buy', vente: 'sale',
    vendre: 'sell', commande: 'order', commander: 'order', devise: 'currency', devises: 'currencies', change: 'exchange', taux: 'rate', cours: 'rate',
    convertir: 'convert', euro: 'euro', euros: 'euros', dollar: 'dollar', dollars: 'dollars', fraude: 'fraud', frauduleux: 'fraudulent',
    escroc: 'fraudster', suspect: 'suspicious', abonnement: 'subscription', deux: 'two', fois: 'times', jour: 'day',
    // messages
    envoyer: 'send', envoi: 'send', message: 'message', texto: 'text message sms', sms: 'sms', courriel: 'email', mail: 'email', lettre: 'letter',
    notification: 'notification', notifier: 'notify', alerte: 'alert', prevenir: 'warn', avertir: 'warn', telephone: 'phone', portable: 'mobile phone',
    mobile: 'mobile', appel: 'call', code: 'code', utilisateur: 'user', client: 'customer', clients: 'customers', fidele: 'loyal', fideles: 'loyal',
    fidelite: 'loyalty', recompenser: 'reward', recompense: 'reward', avantage: 'benefit', points: 'points',
    // places and weather
    meteo: 'weather', pleuvoir: 'rain', pluie: 'rain', demain: 'tomorrow', temps: 'weather', temperature: 'temperature', vent: 'wind', neige: 'snow',
    orage: 'storm', tempete: 'storm', prevision: 'forecast', previsions: 'forecast', ville: 'city', rue: 'street', adresse: 'address',
    latitude: 'latitude', longitude: 'longitude', position: 'position', lieu: 'place', trajet: 'route', itineraire: 'route', conduire: 'drive',
    voiture: 'car', velo: 'bike', distance: 'distance', camion: 'truck', vehicule: 'vehicle', flotte: 'fleet', chauffeur: 'driver',
    // goods and delivery
    colis: 'parcel package', livraison: 'delivery', livrer: 'deliver', expedier: 'ship', expedition: 'shipping', suivre: 'track', suivi: 'tracking',
    retour: 'return', retourner: 'return', renvoyer: 'send back', stock: 'stock', entrepot: 'warehouse', produit: 'product', article: 'item',
    boutique: 'shop', magasin: 'store', panier: 'cart', reserver: 'reserve', moment: 'now',
    // people, identity, health
    identite: 'identity', passeport: 'passport', verifier: 'verify', controler: 'check verify', piece: 'document', connexion: 'login',
    connecter: 'log in', mot: 'word', passe: 'password', employe: 'employee', employes: 'employees', acces: 'access', medecin: 'doctor',
    docteur: 'doctor', patient: 'patient', hopital: 'hospital', rendez: 'appointment', vous: 'appointment', ordonnance: 'prescription',
    pharmacie: 'pharmacy', medicament: 'medication', dossier: 'record', sante: 'health', ligne: 'online',
    // software
    fonctionnalite: 'feature', fonction: 'function', desactiver: 'turn off disable', activer: 'turn on enable', deployer: 'deploy', coup: 'at once',
    tous: 'all', compiler: 'build compile', depot: 'repository', donnees: 'data', exporter: 'export', capteur: 'sensor', appareil: 'device',
    signature: 'signature', signatures: 'signatures', webhook: 'webhook', cle: 'key', jeton: 'token', exemple: 'example', appeler: 'call',
    lister: 'list', creer: 'create', supprimer: 'delete', modifier: 'update', obtenir: 'get', trouver: 'find', chercher: 'search',
    // everyday words of a question: verbs, time, devices, quantities
    prendre: 'take', garder: 'keep', nouveau: 'new', nouvelle: 'new', nouveaux: 'new', rapide: 'fast', vite: 'quickly', entre: 'between',
    afficher: 'show display', montrer: 'show', ecran: 'screen', installer: 'install', application: 'app', appli: 'app',
    immediatement: 'immediately', chaque: 'each', unite: 'unit', encore: 'still', reste: 'left', rester: 'remain', voir: 'see',
    recevoir: 'receive', bloquer: 'block', perdu: 'lost', perdre: 'lose', vole: 'stolen', voler: 'steal', faux: 'fake', vrai: 'genuine',
    mesure: 'measurement', mesurer: 'measure', releve: 'reading', usine: 'factory', collecter: 'collect', recueillir: 'collect',
    thermostat: 'thermostat', serrure: 'lock', ouvrir: 'open', fermer: 'close', heure: 'hour', semaine: 'week', mois: 'month',
    annee: 'year', hier: 'yesterday', conversion: 'conversion', historique: 'history', depense: 'spending', salarie: 'employee',
    personnel: 'staff', equipe: 'team', quitter: 'leave', banniere: 'banner', installe: 'installed', detecter: 'detect',
    inscrire: 'sign up', membre: 'member', vendeur: 'seller', acheteur: 'buyer', taille: 'size', couleur: 'colour',
  },
  pt: {
    dinheiro: 'money', pagamento: 'payment', pagar: 'pay', pago: 'paid', devolver: 'refund return', reembolso: 'refund', reembolsar: 'refund',
    cobrar: 'charge', cobrado: 'charged', fatura: 'invoice', cartao: 'card', banco: 'bank', bancario: 'bank', conta: 'account', saldo: 'balance',
    transferencia: 'transfer', preco: 'price', custo: 'cost', compra: 'purchase', comprar: 'buy', venda: 'sale', vender: 'sell', pedido: 'order',
    moeda: 'currency', moedas: 'currencies', cambio: 'exchange rate', taxa: 'rate', cotacao: 'rate', converter: 'convert', real: 'real',
    reais: 'reais', dolar: 'dollar', dolares: 'dollars', euro: 'euro', euros: 'euros', fraude: 'fraud', golpe: 'scam', golpista: 'scammer',
    suspeito: 'suspicious', assinatura: 'subscription signature', hoje: 'today', dia: 'day', vezes: 'times', duas: 'two',
    enviar: 'send', mensagem: 'message', texto: 'text', sms: 'sms', email: 'email', carta: 'letter', notificacao: 'notification', notificar: 'notify',
    alerta: 'alert', avisar: 'warn', telefone: 'phone', celular: 'mobile phone', telemovel: 'mobile phone', codigo: 'code', usuario: 'user',
    utilizador: 'user', cliente: 'customer', clientes: 'customers', fiel: 'loyal', fieis: 'loyal', fidelidade: 'loyalty', recompensa: 'reward',
    recompensar: 'reward', pontos: 'points', beneficio: 'benefit',
    tempo: 'weather', clima: 'weather', chover: 'rain', chuva: 'rain', amanha: 'tomorrow', temperatura: 'temperature', vento: 'wind',
    tempestade: 'storm', previsao: 'forecast', cidade: 'city', rua: 'street', endereco: 'address', morada: 'address', mapa: 'map',
    latitude: 'latitude', longitude: 'longitude', coordenadas: 'coordinates', posicao: 'position', lugar: 'place', rota: 'route', caminho: 'route',
    dirigir: 'drive', conduzir: 'drive', carro: 'car', bicicleta: 'bike', distancia: 'distance', caminhao: 'truck', camiao: 'truck',
    veiculo: 'vehicle', frota: 'fleet', motorista: 'driver',
    pacote: 'package parcel', encomenda: 'parcel package order', entrega: 'delivery', entregar: 'deliver', envio: 'shipping', rastrear: 'track',
    rastreio: 'tracking', devolucao: 'return', estoque: 'stock', stock: 'stock', armazem: 'warehouse', produto: 'product', loja: 'shop store',
    carrinho: 'cart', reservar: 'reserve book', agora: 'now', onde: 'where',
    identidade: 'identity', passaporte: 'passport', verificar: 'verify', validar: 'validate', documento: 'document', login: 'login',
    senha: 'password', funcionario: 'employee', funcionarios: 'employees', acesso: 'access', medico: 'doctor', doutor: 'doctor',
    paciente: 'patient', hospital: 'hospital', consulta: 'appointment', marcar: 'book', agendar: 'schedule book', receita: 'prescription',
    farmacia: 'pharmacy', remedio: 'medication', medicamento: 'medication', prontuario: 'record', saude: 'health', online: 'online',
    funcionalidade: 'feature', recurso: 'feature', desativar: 'turn off disable', desligar: 'switch off', ativar: 'turn on enable',
    implantar: 'deploy', compilar: 'build compile', repositorio: 'repository', dados: 'data', exportar: 'export', sensor: 'sensor',
    dispositivo: 'device', chave: 'key', exemplo: 'example', chamar: 'call', listar: 'list', criar: 'create', apagar: 'delete',
    obter: 'get', encontrar: 'find', procurar: 'search', todos: 'all',
    // everyday words of a question: verbs, time, devices, quantities
    detectar: 'detect', mostrar: 'show', exibir: 'show display', tela: 'screen', ecra: 'screen', instalar: 'install', instalou: 'installed',
    aplicativo: 'app', aplicacao: 'app', aviso: 'notice alert', unidade: 'unit', ainda: 'still', tenho: 'have', cada: 'each',
    rapido: 'fast', entre: 'between', mandar: 'send', direto: 'directly', medica: 'medical', internet: 'internet', novo: 'new',
    nova: 'new', imediatamente: 'immediately', bloquear: 'block', perdeu: 'lost', roubado: 'stolen', falso: 'fake', medir: 'measure',
    medicao: 'measurement', leitura: 'reading', fabrica: 'factory', coletar: 'collect', recolher: 'collect', termostato: 'thermostat',
    fechadura: 'lock', abrir: 'open', fechar: 'close', semana: 'week', mes: 'month', ano: 'year', ontem: 'yesterday',
    historico: 'history', gastos: 'spending', equipe: 'team', equipa: 'team', sair: 'leave', membro: 'member', vendedor: 'seller',
    comprador: 'buyer', tamanho: 'size', cor: 'colour', guardar: 'keep', receber: 'receive', ver: 'see', sobram: 'left', resta: 'left',
  },
  de: {
    geld: 'money', zahlung: 'payment', bezahlen: 'pay', zahlen: 'pay', bezahlt: 'paid', erstatten: 'refund', ruckerstattung: 'refund',
    erstattung: 'refund', zuruckzahlen: 'refund', abbuchen: 'charge', belasten: 'charge', rechnung: 'invoice', karte: 'card', kreditkarte: 'credit card',
    bank: 'bank', konto: 'account', kontostand: 'balance', uberweisung: 'transfer', preis: 'price', kosten: 'cost', kauf: 'purchase',
    kaufen: 'buy', verkauf: 'sale', verkaufen: 'sell', bestellung: 'order', bestellen: 'order', wahrung: 'currency', wechselkurs: 'exchange rate',
    kurs: 'rate', umrechnen: 'convert', euro: 'euro', dollar: 'dollar', betrug: 'fraud', betruger: 'fraudster', verdachtig: 'suspicious',
    abonnement: 'subscription', heute: 'today', tag: 'day', zweimal: 'twice',
    senden: 'send', versenden: 'send', schicken: 'send', verschicken: 'send', nachricht: 'message', sms: 'sms', textnachricht: 'text message',
    email: 'email', brief: 'letter', benachrichtigung: 'notification', benachrichtigen: 'notify', warnung: 'alert warning', warnen: 'warn',
    telefon: 'phone', handy: 'mobile phone', mobiltelefon: 'mobile phone', code: 'code', nutzer: 'user', benutzer: 'user', kunde: 'customer',
    kunden: 'customers', treue: 'loyalty', belohnen: 'reward', belohnung: 'reward', punkte: 'points', vorteil: 'benefit',
    wetter: 'weather', regnen: 'rain', regen: 'rain', morgen: 'tomorrow', temperatur: 'temperature', wind: 'wind', sturm: 'storm', gewitter: 'storm',
    vorhersage: 'forecast', stadt: 'city', strasse: 'street', adresse: 'address', breitengrad: 'latitude', langengrad: 'longitude',
    koordinaten: 'coordinates', position: 'position', ort: 'place', route: 'route', fahren: 'drive', auto: 'car', fahrrad: 'bike',
    entfernung: 'distance', lkw: 'truck', fahrzeug: 'vehicle', flotte: 'fleet', fahrer: 'driver',
    paket: 'parcel package', lieferung: 'delivery', liefern: 'deliver', versand: 'shipping', sendung: 'shipment', verfolgen: 'track',
    rucksendung: 'return', zurucksenden: 'send back return', lager: 'warehouse stock', bestand: 'stock', produkt: 'product', artikel: 'item',
    shop: 'shop', laden: 'store', warenkorb: 'cart', reservieren: 'reserve', jetzt: 'now', gerade: 'now',
    identitat: 'identity', ausweis: 'identity document', reisepass: 'passport', pass: 'passport', prufen: 'check verify', uberprufen: 'verify',
    verifizieren: 'verify', dokument: 'document', anmelden: 'log in', anmeldung: 'login', passwort: 'password', mitarbeiter: 'employees',
    zugang: 'access', zugriff: 'access', arzt: 'doctor', arztin: 'doctor', patient: 'patient', krankenhaus: 'hospital', termin: 'appointment',
    buchen: 'book', rezept: 'prescription', apotheke: 'pharmacy', medikament: 'medication', akte: 'record', gesundheit: 'health', online: 'online',
    funktion: 'feature function', abschalten: 'turn off disable', ausschalten: 'switch off', deaktivieren: 'disable', aktivieren: 'enable',
    bereitstellen: 'deploy', kompilieren: 'build compile', bauen: 'build', repository: 'repository', daten: 'data', exportieren: 'export',
    sensor: 'sensor', gerat: 'device', signatur: 'signature', signaturen: 'signatures', schlussel: 'key', beispiel: 'example', aufrufen: 'call',
    auflisten: 'list', erstellen: 'create', loschen: 'delete', finden: 'find', suchen: 'search', api: 'api',
    // everyday words of a question: verbs, time, devices, quantities
    sofort: 'immediately', umrechnung: 'conversion convert', franken: 'francs', zuruck: 'back', bonus: 'bonus',
    bestatigung: 'confirmation', messwert: 'measurement reading', messen: 'measure', messung: 'measurement', thermostat: 'thermostat',
    fabrik: 'factory', sammeln: 'collect', anzeigen: 'show display', zeigen: 'show', bildschirm: 'screen', installieren: 'install',
    app: 'app', neu: 'new', neue: 'new', schnell: 'fast', einheit: 'unit', ubrig: 'left', sperren: 'block', verloren: 'lost',
    gestohlen: 'stolen', falsch: 'fake', echt: 'genuine', schloss: 'lock', offnen: 'open', schliessen: 'close', woche: 'week',
    monat: 'month', jahr: 'year', gestern: 'yesterday', verlauf: 'history', ausgaben: 'spending', team: 'team', verlassen: 'leave',
    erkennen: 'detect', entdecken: 'detect', mitglied: 'member', verkaufer: 'seller', kaufer: 'buyer', grosse: 'size', farbe: 'colour',
    behalten: 'keep', empfangen: 'receive', sehen: 'see',
  },
};

const plain = (w: string) => w.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/ß/g, 'ss').toLowerCase();
const stops = Object.fromEntries(Object.entries(STOP).map(([l, s]) => [l, new Set(s.split(/\s+/).filter(Boolean))])) as Record<Exclude<QuestionLang, 'en'>, Set<string>>;
/** English function words: a word in these lists too ("a", "on", "in") says nothing about the language. */
const ENGLISH = new Set(`the a an is are was were be of to for in on at by with from up out into over and or my our your their his her its
  how what which where when who why can do does did i we you they it this that these those me them us will would should could has have had
  not no all any some each every after before about`.split(/\s+/));

function words(question: string): string[] {
  return plain(question).split(/[^a-z0-9]+/).filter(Boolean);
}

/** The question's language by its function words and lexicon words; the reader's locale breaks a tie. */
export function questionLang(question: string, locale?: string): QuestionLang {
  const ws = words(question);
  const score = (l: Exclude<QuestionLang, 'en'>) => ws.filter((w) => !ENGLISH.has(w) && (stops[l].has(w) || lookup(l, w))).length;
  const en = ws.filter((w) => ENGLISH.has(w)).length;
  const ranked = (['fr', 'pt', 'de'] as const).map((l) => [l, score(l) + (locale?.startsWith(l) ? 0.5 : 0)] as const).sort((a, b) => b[1] - a[1]);
  const [best] = ranked;
  return best && best[1] >= 1 && best[1] > en + (locale?.startsWith('en') ? 0.5 : 0) ? best[0] : 'en';
}

/** A word's English, trying the word, then without common plural and verb endings. */
function lookup(lang: Exclude<QuestionLang, 'en'>, w: string): string | undefined {
  const dict = WORDS[lang];
  const found = (x: string) => dict[x] ?? stem(dict, x);
  const direct = found(w);
  if (direct || lang !== 'de') return direct;
  // German compounds (Bestellnummer, Kundenkonto): a known head and a known tail, the linking s or n dropped;
  // else the longest known tail of four letters or more, which says what the compound is (Bestätigungscode: a code).
  let known: string | undefined;
  for (let i = w.length - 3; i >= 3; i--) {
    const tail = found(w.slice(i));
    if (!tail) continue;
    const head = w.slice(0, i);
    const first = found(head) ?? (/[sn]$/.test(head) ? found(head.slice(0, -1)) : undefined);
    if (first) return `${first} ${tail}`;
    if (w.length - i >= 4) known = tail;
  }
  return known;
}

/** The word without a plural or inflection ending, or with an infinitive's ending (erstatte -> erstatten). */
function stem(dict: Record<string, string>, w: string): string | undefined {
  for (const end of ['s', 'es', 'x', 'n', 'en', 'e', 'er', 'ern', 'ns', 'oes', 'aes', 't', 'et', 'st', 'ez', 'ons']) {
    if (w.length > end.length + 3 && w.endsWith(end) && dict[w.slice(0, -end.length)]) return dict[w.slice(0, -end.length)];
  }
  for (const [end, inf] of [['', 'n'], ['', 'en'], ['', 'r'], ['', 'er'], ['t', 'n'], ['et', 'en'], ['st', 'en'], ['e', 'er'], ['ez', 'er'], ['ons', 'er'], ['a', 'ar'], ['o', 'ar'], ['e', 'ar']] as const) {
    if (w.length > 3 && w.endsWith(end)) {
      const x = w.slice(0, w.length - end.length) + inf;
      if (dict[x]) return dict[x];
    }
  }
  return undefined;
}

/** The question in English words for retrieval: each word translated when the lexicon has it, its
 * function words dropped, other words kept (names, shared words). English questions unchanged. */
export function englishQuery(question: string, lang: QuestionLang): string {
  if (lang === 'en') return question;
  const content = words(question).filter((w) => !stops[lang].has(w));
  const english = content.map((w) => lookup(lang, w));
  // Not one word understood: the question as written (its names may still match), not its bare
  // leftovers, which the sentence model would place near anything.
  if (!english.some(Boolean)) return question;
  return content.map((w, i) => english[i] ?? w).join(' ');
}
