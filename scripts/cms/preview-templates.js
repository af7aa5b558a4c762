// The editor's preview (the eye button) in the site's own layout: an FAQ entry drawn as the FAQ
// page draws it (src/components/content/FaqList.astro), a section of the rules, responsible
// gaming or loyalty page as those pages do (ContentSections.astro), with the same elements and
// class names, styled by the site's built CSS (preview.css, site-preview-style.mjs). Decap shows
// the language chosen with "Writing in …" on the left; the page is marked with that language and
// its direction, as the site marks its pages. The question or title is set as text; the Markdown
// is Decap's own rendering (sanitized).
(() => {
  const h = /** @type {any} */ (window).h;

  /** @param {string} locale */
  const directionOf = (locale) => {
    try {
      const info = /** @type {any} */ (new Intl.Locale(locale));
      return (info.getTextInfo?.() ?? info.textInfo)?.direction === 'rtl' ? 'rtl' : 'ltr';
    } catch {
      return 'ltr';
    }
  };

  /** The site's page frame around the entry: `<main id="main"><div class="container">`. */
  const page = (/** @type {any} */ props, /** @type {unknown} */ content) => {
    const locale = typeof props.locale === 'string' ? props.locale : 'en';
    return h(
      'main',
      { id: 'main', lang: locale, dir: directionOf(locale), 'data-site-preview': '' },
      h('div', { className: 'container' }, content),
    );
  };

  /** @param {any} props */
  const faqEntry = (props) => {
    const slug = props.entry.get('slug') || 'new-entry';
    return page(
      props,
      h(
        'section',
        { className: 'faq-topic' },
        h(
          'article',
          { className: 'faq-entry prose', id: slug, 'aria-labelledby': `${slug}-q` },
          h('h3', { id: `${slug}-q` }, props.entry.getIn(['data', 'question']) ?? ''),
          props.widgetFor('body'),
        ),
      ),
    );
  };

  /** @param {any} props */
  const contentSection = (props) => {
    const slug = props.entry.get('slug') || 'new-section';
    return page(
      props,
      h(
        'section',
        { className: 'prose content-section', id: slug, 'aria-labelledby': `${slug}-title` },
        h('h2', { id: `${slug}-title` }, props.entry.getIn(['data', 'title']) ?? ''),
        props.widgetFor('body'),
      ),
    );
  };

  // The template of a collection, by the name of its heading field (config.js registers them).
  /** @type {any} */ (window).sitePreviewTemplate = (/** @type {string} */ textField) =>
    textField === 'question' ? faqEntry : contentSection;
})();
