// Token descriptions are HTML written by strangers (SPEC.md §2, DESIGN.md): only plain formatting and links survive, and
// links open in a new tab without handing the page over.
import DOMPurify from "dompurify";

/** Plain formatting: paragraphs, line breaks, emphasis, lists, quotes, code, small headings. No images, media, forms, frames. */
const FORMATTING_TAGS = [
  "p",
  "br",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "ul",
  "ol",
  "li",
  "blockquote",
  "code",
  "pre",
  "h3",
  "h4",
  "h5",
  "h6",
];
/** Only absolute web and mail links: javascript:, data:, relative and any other scheme lose their href. */
const LINK_TARGET = /^(?:https?:|mailto:)/i;
const LINK_REL = "noopener noreferrer nofollow";

const CONFIG = {
  ALLOWED_TAGS: [...FORMATTING_TAGS, "a"],
  ALLOWED_ATTR: ["href"],
  ALLOWED_URI_REGEXP: LINK_TARGET,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};
const ALLOWED_TAGS = new Set(CONFIG.ALLOWED_TAGS);

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A DOMPurify of our own, so the link hook applies to descriptions only. */
function descriptionPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName === "A" && node.hasAttribute("href")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", LINK_REL);
    }
  });
  return purifier;
}

function allowedAttribute(attribute: Attr): boolean {
  if (attribute.name === "href") return LINK_TARGET.test(attribute.value);
  return (attribute.name === "target" && attribute.value === "_blank") || (attribute.name === "rel" && attribute.value === LINK_REL);
}

/**
 * Whether every element and attribute of `html` is one CONFIG allows. DOMPurify hands its input back untouched where
 * the DOM lacks what it needs, and a DOM whose tree walk misbehaves lets markup through: what it gives is checked.
 */
function onlyAllowed(html: string): boolean {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return [...body.querySelectorAll("*")].every((element) => ALLOWED_TAGS.has(element.localName) && [...element.attributes].every(allowedAttribute));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The description as HTML safe to insert: no scripts, event handlers, styles, frames, images or foreign schemes. */
export function sanitizeDescription(html: string): string {
  const clean = descriptionPurifier().sanitize(html, CONFIG);
  // Where the sanitiser did not do its work, the description is shown as the text it is.
  return onlyAllowed(clean) ? clean : escapeHtml(html);
}
