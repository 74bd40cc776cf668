// The assistant's HELD-OUT question set (issue 29). The paraphrase set (assistant.paraphrase.ts)
// was looked at while the retrieval was tuned, so its score is no longer a fair measure; this one
// was written by someone who never read the assistant's code nor ran the assistant on these
// questions, from what the demo catalogue holds (server/seed: products, resources, plans,
// documents and their articles) and from how developers phrase what they need: their own words,
// typos and all, often naming a task rather than a product. Do not change a question once it has
// been scored: a question that fails is a finding, not a question to rephrase.
// Each question names the ids (server/seed) a correct answer may cite; any one among the first 3
// references counts. No question shares a stemmed content word with the title or summary of what
// it cites (assistant.paraphrase.test.ts enforces it).
import type { Lang, ParaphraseQuestion } from './assistant.paraphrase.ts';

const payments = ['prod-payments', 'res-payments', 'res-payments-sandbox', 'res-payments-compat'];
const of = (key: string, ...extra: string[]) => [`prod-${key}`, `res-${key}`, ...extra.map((e) => `res-${key}-${e}`)];
/** Articles of the Payments integration handbook (section s, article a). */
const handbook = (s: number, a: number) => `doc-payments-integration-s${s}-a${a}`;

export const HELDOUT: ParaphraseQuestion[] = [
  // ---------------------------------------------------------------- English (50)
  { lang: 'en', q: 'hey, which magic number do i type in the practice environment to make a purchase fail with insufficient funds?', cite: [...payments, 'doc-payments-pdf'] },
  { lang: 'en', q: "How can I be sure an event posted to my server really came from you and wasn't forged?", cite: [...payments, handbook(1, 1)] },
  { lang: 'en', q: 'Put a hold on the buyer\'s money when they order and only collect it once the goods leave', cite: [...payments, handbook(0, 2)] },
  { lang: 'en', q: "what's the monthly fee of the Starter tier for taking money online, and what if we exceed 50k calls", cite: payments },
  { lang: 'en', q: 'A shopper says they never made this purchase and their issuer opened a chargeback. What evidence do I send?', cite: [...payments, handbook(2, 1)] },
  { lang: 'en', q: 'Is there a harmless sample I can poke at to learn how the try-it console works? something about animals maybe', cite: of('petstore') },
  { lang: 'en', q: 'Have a driver come collect outgoing boxes from our warehouse tomorrow morning', cite: of('shipping', 'labels-v1') },
  { lang: 'en', q: 'generate the postage sticker for an outgoing box so DHL will take it', cite: of('shipping', 'labels-v1') },
  { lang: 'en', q: 'Gather humidity numbers pushed every few seconds by gadgets in our greenhouses', cite: of('iot-telemetry') },
  { lang: 'en', q: "Get a message in our ERP whenever someone's purchase is cancelled or its status moves", cite: of('order-events') },
  { lang: 'en', q: 'Which service lets my Next.js site ask for exactly the fields it needs for items, baskets and paying, without a dozen REST calls?', cite: of('storefront') },
  { lang: 'en', q: 'What was the swiss franc worth against sterling on 3 January 2010?', cite: of('fx-rates') },
  { lang: 'en', q: 'Know when to reorder goods that are running low in our depots', cite: of('inventory') },
  { lang: 'en', q: 'Where do I look up the old invoicing ledger from years ago to square our accounting?', cite: of('legacy-billing') },
  { lang: 'en', q: 'Script merging code reviews and closing bug tickets where our git projects are hosted', cite: of('github-rest') },
  { lang: 'en', q: "Create a one-off number per vendor with a cap so they can't overbill us", cite: of('card-issuing') },
  { lang: 'en', q: 'Block employee purchases at casinos and bars automatically', cite: of('card-issuing') },
  { lang: 'en', q: "Check a loan applicant's salary arrives monthly by going through their statements, once they agree", cite: of('open-banking') },
  { lang: 'en', q: "Set up a recurring rent transfer straight from somebody's IBAN", cite: of('open-banking') },
  { lang: 'en', q: 'Too many bots registering with throwaway mailboxes, how can I catch them?', cite: of('fraud-signals') },
  { lang: 'en', q: 'Ban an IP that keeps trying stolen numbers at checkout', cite: of('fraud-signals') },
  { lang: 'en', q: 'Allow buyers to ship unwanted items back to us without writing to support', cite: of('returns') },
  { lang: 'en', q: 'Change what 4,000 SKUs cost for resellers in one go', cite: of('product-catalog') },
  { lang: 'en', q: "Move shoppers from silver to gold status once they've spent enough", cite: of('loyalty') },
  { lang: 'en', q: 'People keep replying STOP to our marketing texts, how do I honour that?', cite: of('sms', 'retiring') },
  { lang: 'en', q: 'did my text actually reach the handset??', cite: of('sms', 'retiring') },
  { lang: 'en', q: 'Our order confirmations land in junk folders, how do I set up DKIM?', cite: of('email', 'templates-legacy') },
  { lang: 'en', q: 'stop writing to adresses that bounced', cite: of('email', 'templates-legacy') },
  { lang: 'en', q: "Buzz the phones of people who follow our 'deals' channel inside the app", cite: of('push') },
  { lang: 'en', q: 'Alert our dispatcher when one of our trucks exits the yard perimiter', cite: of('fleet') },
  { lang: 'en', q: 'Will I need sunscreen at the beach on Saturday?', cite: of('weather', 'sandbox') },
  { lang: 'en', q: 'how humid is it rigth now at paris airport', cite: of('weather', 'sandbox') },
  { lang: 'en', q: 'Fill in the rest of a postal location while a person types the first few letters', cite: of('geocoding') },
  { lang: 'en', q: 'Check that the postcode and street a buyer typed actually exist', cite: of('geocoding') },
  { lang: 'en', q: 'Show the area someone can reach on foot in 20 minutes from our store', cite: of('routing') },
  { lang: 'en', q: 'Travel times between every depot and every client in one request', cite: of('routing') },
  { lang: 'en', q: "Get yesterday's transaction dataset as parquet files every morning for our data team", cite: of('analytics-export') },
  { lang: 'en', q: 'Retry the failed job for my last commit without pushing again', cite: of('ci-pipelines') },
  { lang: 'en', q: 'Only beta testers should see the new dashboard, everyone else keeps the old one', cite: of('feature-flags') },
  { lang: 'en', q: 'kick a hacked acount out of all its open logins right now', cite: of('identity') },
  { lang: 'en', q: 'Make sure the person on the photo ID is really there holding the phone, with a selfie', cite: of('kyc') },
  { lang: 'en', q: 'Is our new client sanctioned or a politically exposed person?', cite: of('kyc') },
  { lang: 'en', q: 'Does this person react badly to penicillin? need the chart from the hospital system', cite: of('patient-records') },
  { lang: 'en', q: "Show a physio's open hours this week so patients can pick one", cite: of('appointments') },
  { lang: 'en', q: 'Tell a patient when their repeat medicine is ready for pickup at the drugstore', cite: of('pharmacy') },
  { lang: 'en', q: "Who is Ada's manager, and which org unit is she in?", cite: of('internal-hr') },
  { lang: 'en', q: 'Read the total amount off a photo of a till receipt', cite: of('beta-labs') },
  { lang: 'en', q: 'latest eurozone inflation numbers', cite: of('market-insights') },
  { lang: 'en', q: "What happens if my team goes over the plan's included volume - are extra calls refused or billed?", cite: ['doc-terms', 'doc-terms-s0-a1'] },
  { lang: 'en', q: 'how do I end my plan, am I still charged for the rest of the month', cite: ['doc-terms', 'doc-terms-s1-a1'] },
  // ---------------------------------------------------------------- French (10)
  { lang: 'fr', q: 'Un client conteste un achat auprès de sa banque, quelles preuves dois-je envoyer ?', cite: [...payments, handbook(2, 1)] },
  { lang: 'fr', q: "Faire venir un livreur chercher nos cartons à l'entrepôt demain", cite: of('shipping', 'labels-v1') },
  { lang: 'fr', q: 'Être prévenu quand un article est presque épuisé pour le recommander', cite: of('inventory') },
  { lang: 'fr', q: "Connexion unique pour tous les outils internes de l'entreprise", cite: of('identity') },
  { lang: 'fr', q: "Transmettre l'ordonnance du médecin directement à l'officine", cite: of('pharmacy') },
  { lang: 'fr', q: 'suivre nos camionnettes de livraison et leurs chauffeurs', cite: of('fleet') },
  { lang: 'fr', q: 'Mes mails de confirmation de commande arrivent dans les spams, que faire ?', cite: of('email', 'templates-legacy') },
  { lang: 'fr', q: 'Créer une boutique en ligne sur mesure : fiches article, panier et paiement en une seule requête', cite: of('storefront') },
  { lang: 'fr', q: 'Repérer les fausses inscriptions faites par des robots', cite: of('fraud-signals') },
  { lang: 'fr', q: 'Quel est le trajet le plus court à vélo pour aller au bureau ?', cite: of('routing') },
  // ---------------------------------------------------------------- Portuguese (10)
  { lang: 'pt', q: 'Quero reservar o valor no cartão agora e só cobrar quando o pedido sair do estoque', cite: [...payments, handbook(0, 2)] },
  { lang: 'pt', q: 'Descobrir o CEP e a rua a partir da posição do GPS', cite: of('geocoding') },
  { lang: 'pt', q: 'Confirmar que a carteira de motorista enviada pelo cliente é autêntica', cite: of('kyc') },
  { lang: 'pt', q: 'mandar o recibo da compra por e-mail automaticamente', cite: of('email', 'templates-legacy') },
  { lang: 'pt', q: 'Consultar o histórico de alergias de um paciente', cite: of('patient-records') },
  { lang: 'pt', q: 'Ver por que a esteira de integração contínua falhou ontem', cite: of('ci-pipelines') },
  { lang: 'pt', q: 'Clientes trocam pontos por frete grátis', cite: of('loyalty') },
  { lang: 'pt', q: 'Ver o saldo da conta corrente do usuário com a autorização dele', cite: of('open-banking') },
  { lang: 'pt', q: 'O cliente quer devolver um tênis que veio com defeito', cite: of('returns') },
  { lang: 'pt', q: 'Ler o texto de uma foto de nota fiscal', cite: of('beta-labs') },
  // ---------------------------------------------------------------- German (10)
  { lang: 'de', q: 'Wie prüfe ich, dass ein Webhook wirklich von euch kommt?', cite: [...payments, handbook(1, 1)] },
  { lang: 'de', q: 'Alle Nutzer unserer App über ein Angebot benachrichtigen', cite: of('push') },
  { lang: 'de', q: 'Unwetterwarnung für meine Stadt abrufen', cite: of('weather', 'sandbox') },
  { lang: 'de', q: 'Firmenkreditkarten für Mitarbeiter mit Ausgabelimit ausgeben', cite: of('card-issuing') },
  { lang: 'de', q: 'Wie lange braucht ein LKW von Hamburg nach München?', cite: of('routing') },
  { lang: 'de', q: 'Preise für tausende Artikel auf einmal anpassen', cite: of('product-catalog') },
  { lang: 'de', q: 'Benachrichtigt werden, sobald eine Bestellung bezahlt oder verschickt wurde', cite: of('order-events') },
  { lang: 'de', q: 'Automatisch Code-Reviews in unseren Git-Projekten kommentieren', cite: of('github-rest') },
  { lang: 'de', q: 'Alte Rechnungen von vor der Umstellung für die Buchhaltung abgleichen', cite: of('legacy-billing') },
  { lang: 'de', q: 'Jeden Morgen eine Tabelle mit den Transaktionen des Vortags als Datei bekommen', cite: of('analytics-export') },
];

/** Questions about what the demo catalogue does not hold: the answer must cite nothing of it. */
export const UNCOVERED_HELDOUT: Array<{ lang: Lang; q: string }> = [
  { lang: 'en', q: 'Book me a flight from Lisbon to New York next Friday' },
  { lang: 'en', q: 'tips for growing tomatoes on a balcony' },
  { lang: 'fr', q: 'Quels films passent ce soir au cinéma près de chez moi ?' },
  { lang: 'pt', q: 'Qual é a letra da música Garota de Ipanema?' },
  { lang: 'de', q: 'Übersetze diesen Satz ins Japanische' },
];
