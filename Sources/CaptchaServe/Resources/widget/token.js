/* captcha-gen widget, part 6: the pass token (see core.js). */
(function (parts) {
  'use strict';

  const el = parts.core.el;

  // =============================================================================================
  // 8. The pass token: kept while it lives, in the form (a hidden input, or the <captcha-gen>
  //    element's own form value), emptied when it expires or a new challenge starts.

  /**
   * Where the token goes: `internals` (a form-associated element) when given, else a hidden input
   * named `name` when `root` is inside a <form>, else nowhere (the API and the event still have it).
   */
  function createPassToken(root, name, internals, onExpire) {
    let input = null;
    if (!internals && root.closest && root.closest('form')) {
      input = el('input', { type: 'hidden', name: name, value: '' }, root);
    }
    let token = '';
    let timer = null;

    function write(value) {
      token = value;
      if (internals) internals.setFormValue(value || null);
      if (input) input.value = value;
    }

    return {
      /** Keeps `value` until `expiresAt` (ISO 8601), then empties it and calls onExpire. */
      set: function (value, expiresAt) {
        this.clear();
        write(value);
        const wait = Date.parse(expiresAt) - Date.now();
        timer = setTimeout(
          function () {
            timer = null;
            write('');
            onExpire();
          },
          isFinite(wait) ? Math.max(0, wait) : 0,
        );
      },
      clear: function () {
        if (timer !== null) clearTimeout(timer);
        timer = null;
        write('');
      },
      get: function () {
        return token;
      },
    };
  }

  parts.token = { createPassToken: createPassToken };
})(CaptchaGenParts);
