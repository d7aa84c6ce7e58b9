// Operations of an address (SPEC.md §2 Operations tab, §3): their types with labels, signs and colours, and their fields; shared by the indexer, the API and the web app.

/** The languages operation and field labels exist in (the web app's seven). */
export const OPERATION_LANGUAGES = ["en", "ru", "de", "es", "tr", "zh", "hi"] as const;
export type OperationLanguage = (typeof OPERATION_LANGUAGES)[number];
export type Labels = Record<OperationLanguage, string>;

/** Colour names the web app maps to its palette. */
export type OperationColour = "green" | "red" | "blue" | "orange" | "purple" | "teal" | "cyan" | "gold" | "grey" | "violet" | "lime";

interface TypeInfo {
  /** +1 when the amount comes to the address (or back to its wallet), -1 when it leaves its available balance. */
  sign: 1 | -1;
  colour: OperationColour;
  labels: Labels;
}

/** Every operation type (ids are stable: the index stores them and clients filter by them), in the order the filter lists them. */
export const OPERATION_TYPES = {
  transfer_in: {
    sign: 1,
    colour: "green",
    labels: { en: "Incoming transfer", ru: "Входящий перевод", de: "Eingehende Überweisung", es: "Transferencia recibida", tr: "Gelen transfer", zh: "转入", hi: "आने वाला ट्रांसफ़र" },
  },
  transfer_out: {
    sign: -1,
    colour: "red",
    labels: { en: "Outgoing transfer", ru: "Исходящий перевод", de: "Ausgehende Überweisung", es: "Transferencia enviada", tr: "Giden transfer", zh: "转出", hi: "जाने वाला ट्रांसफ़र" },
  },
  delegate: {
    sign: -1,
    colour: "blue",
    labels: { en: "Delegation", ru: "Делегирование", de: "Delegation", es: "Delegación", tr: "Delegasyon", zh: "委托", hi: "डेलिगेशन" },
  },
  undelegate: {
    sign: 1,
    colour: "orange",
    labels: { en: "Undelegation", ru: "Отзыв делегирования", de: "Rücknahme der Delegation", es: "Retiro de delegación", tr: "Delegasyonu geri çekme", zh: "取消委托", hi: "डेलिगेशन वापसी" },
  },
  redelegate: {
    sign: 1,
    colour: "purple",
    labels: { en: "Redelegation", ru: "Переделегирование", de: "Umdelegation", es: "Redelegación", tr: "Yeniden delegasyon", zh: "重新委托", hi: "पुनः डेलिगेशन" },
  },
  reward: {
    sign: 1,
    colour: "teal",
    labels: { en: "Staking reward", ru: "Награда за стейкинг", de: "Staking-Belohnung", es: "Recompensa de staking", tr: "Staking ödülü", zh: "质押奖励", hi: "स्टेकिंग पुरस्कार" },
  },
  partner_reward: {
    sign: 1,
    colour: "cyan",
    labels: { en: "Partner reward", ru: "Партнёрское вознаграждение", de: "Partnerprämie", es: "Recompensa de socio", tr: "Ortaklık ödülü", zh: "合作伙伴奖励", hi: "पार्टनर पुरस्कार" },
  },
  leader_bonus: {
    sign: 1,
    colour: "gold",
    labels: { en: "Leader bonus", ru: "Лидерский бонус", de: "Leaderbonus", es: "Bono de líder", tr: "Lider bonusu", zh: "领袖奖金", hi: "लीडर बोनस" },
  },
  burn: {
    sign: -1,
    colour: "grey",
    labels: { en: "Burn", ru: "Сжигание", de: "Verbrennung", es: "Quema", tr: "Yakım", zh: "销毁", hi: "बर्न" },
  },
  premium: {
    sign: -1,
    colour: "violet",
    labels: { en: "Premium purchase", ru: "Покупка Premium", de: "Premium-Kauf", es: "Compra de Premium", tr: "Premium satın alma", zh: "购买 Premium", hi: "Premium ख़रीद" },
  },
  faucet: {
    sign: 1,
    colour: "lime",
    labels: { en: "Faucet", ru: "Кран", de: "Faucet", es: "Grifo", tr: "Musluk", zh: "水龙头", hi: "फ़ॉसेट" },
  },
} as const satisfies Record<string, TypeInfo>;

export type OperationType = keyof typeof OPERATION_TYPES;
export const OPERATION_TYPE_IDS = Object.keys(OPERATION_TYPES) as OperationType[];

export function isOperationType(text: string): text is OperationType {
  return Object.hasOwn(OPERATION_TYPES, text);
}

/**
 * How a field's value `v` reads (`t` in the API):
 * 0 text; 1 address (account or validator operator: the web app links it); 2 amount in uaxm (the web app divides by 1,000,000);
 * 3 transaction hash (linked); 4 date, ISO 8601; 5 partnership status, the explorer's 0..7 (the web app shows its name);
 * 6 block height (linked).
 */
export const FIELD_TYPES = { text: 0, address: 1, amount: 2, transaction: 3, date: 4, status: 5, block: 6 } as const;
export type FieldType = (typeof FIELD_TYPES)[keyof typeof FIELD_TYPES];

/** Every field an operation may carry: its value type and its label. */
export const OPERATION_FIELDS = {
  sender: { t: FIELD_TYPES.address, labels: { en: "Sender", ru: "Отправитель", de: "Absender", es: "Remitente", tr: "Gönderen", zh: "发送方", hi: "प्रेषक" } },
  recipient: { t: FIELD_TYPES.address, labels: { en: "Recipient", ru: "Получатель", de: "Empfänger", es: "Destinatario", tr: "Alıcı", zh: "接收方", hi: "प्राप्तकर्ता" } },
  validator: { t: FIELD_TYPES.address, labels: { en: "Validator", ru: "Валидатор", de: "Validator", es: "Validador", tr: "Doğrulayıcı", zh: "验证者", hi: "वैलिडेटर" } },
  source_validator: {
    t: FIELD_TYPES.address,
    labels: { en: "From validator", ru: "С валидатора", de: "Von Validator", es: "Del validador", tr: "Kaynak doğrulayıcı", zh: "原验证者", hi: "पिछला वैलिडेटर" },
  },
  destination_validator: {
    t: FIELD_TYPES.address,
    labels: { en: "To validator", ru: "На валидатора", de: "Zu Validator", es: "Al validador", tr: "Hedef doğrulayıcı", zh: "目标验证者", hi: "नया वैलिडेटर" },
  },
  completion: {
    t: FIELD_TYPES.date,
    labels: { en: "Completes at", ru: "Завершится", de: "Abschluss am", es: "Se completa el", tr: "Tamamlanma zamanı", zh: "完成时间", hi: "पूरा होने का समय" },
  },
  partner: { t: FIELD_TYPES.address, labels: { en: "Partner", ru: "Партнёр", de: "Partner", es: "Socio", tr: "Ortak", zh: "合作伙伴", hi: "पार्टनर" } },
  status: { t: FIELD_TYPES.status, labels: { en: "Status", ru: "Статус", de: "Status", es: "Estado", tr: "Durum", zh: "状态", hi: "स्थिति" } },
  kpi: { t: FIELD_TYPES.amount, labels: { en: "KPI", ru: "KPI", de: "KPI", es: "KPI", tr: "KPI", zh: "KPI", hi: "KPI" } },
  memo: { t: FIELD_TYPES.text, labels: { en: "Memo", ru: "Мемо", de: "Notiz", es: "Nota", tr: "Not", zh: "备注", hi: "मेमो" } },
  transaction: { t: FIELD_TYPES.transaction, labels: { en: "Transaction", ru: "Транзакция", de: "Transaktion", es: "Transacción", tr: "İşlem", zh: "交易", hi: "लेन-देन" } },
  block: { t: FIELD_TYPES.block, labels: { en: "Block", ru: "Блок", de: "Block", es: "Bloque", tr: "Blok", zh: "区块", hi: "ब्लॉक" } },
} as const satisfies Record<string, { t: FieldType; labels: Labels }>;

export type FieldKey = keyof typeof OPERATION_FIELDS;

/** A field as the index stores it: language-neutral, the label and value type come from its key. */
export interface StoredField {
  k: FieldKey;
  v: string;
}

export function isOperationLanguage(text: string): text is OperationLanguage {
  return (OPERATION_LANGUAGES as readonly string[]).includes(text);
}

export const operationSign = (type: OperationType): 1 | -1 => OPERATION_TYPES[type].sign;
export const operationColour = (type: OperationType): OperationColour => OPERATION_TYPES[type].colour;
export const operationTitle = (type: OperationType, language: OperationLanguage): string => OPERATION_TYPES[type].labels[language];
export const fieldLabel = (key: FieldKey, language: OperationLanguage): string => OPERATION_FIELDS[key].labels[language];
export const fieldType = (key: FieldKey): FieldType => OPERATION_FIELDS[key].t;

/** Every type with its labels in every language (GET /blockchain/config/opfilter). */
export function operationTypeLabels(): Record<OperationType, Labels> {
  return Object.fromEntries(OPERATION_TYPE_IDS.map((type) => [type, { ...OPERATION_TYPES[type].labels }])) as Record<OperationType, Labels>;
}
