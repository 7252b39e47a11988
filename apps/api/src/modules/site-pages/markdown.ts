// The legal pages' Markdown drawn as HTML on the server (markdown-it), then sanitised (sanitize-html):
// what an administrator types can never run in a shopper's browser. Raw HTML in the Markdown is
// written out as text, and the HTML made is cut to an allowlist of tags, attributes and protocols.
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'a',
    'blockquote',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's own title is its only h1: a '# Titre' of the text is a section below it.
    h1: 'h2',
  },
};

/** The Markdown `text` as sanitised HTML. */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.render(text), ALLOWED);
}
