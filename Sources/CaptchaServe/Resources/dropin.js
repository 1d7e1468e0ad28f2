/* captcha-gen drop-in scripts: Turnstile's, hCaptcha's and reCAPTCHA's page API over the widget. */
(function (parts) {
  'use strict';

  // =============================================================================================
  // 14. Drop-in: /turnstile/v0/api.js, /1/api.js and /recaptcha/api.js are the widget's parts and
  //     this one. It renders the widget into the service's element (.cf-turnstile, .h-captcha,
  //     .g-recaptcha) from its data-* attributes, fills the service's hidden field and publishes the
  //     service's global (turnstile, hcaptcha, grecaptcha). The script's origin is the endpoint.
  //     A picture puzzle needs the visitor: an "invisible" widget shows, and reCAPTCHA v3's
  //     execute(sitekey, {action}) shows the puzzle in a dialog and resolves when it is passed.

  const mount = parts.mount.api.mount;

  /** Each service: its global, its element, its hidden fields and what they are. */
  const SHAPES = {
    turnstile: { global: 'turnstile', selector: '.cf-turnstile', fields: ['cf-turnstile-response'], tag: 'input', numericIds: false },
    hcaptcha: { global: 'hcaptcha', selector: '.h-captcha', fields: ['h-captcha-response', 'g-recaptcha-response'], tag: 'textarea', numericIds: false },
    recaptcha: { global: 'grecaptcha', selector: '.g-recaptcha', fields: ['g-recaptcha-response'], tag: 'textarea', numericIds: true },
  };

  const LABEL = /^[A-Za-z0-9_-]*$/;
  const ACTION = /^[A-Za-z0-9_/-]*$/;
  const MAX_ACTION = 100;
  const MAX_CDATA = 255;

  /**
   * What the script's URL asks: the endpoint (its origin), `onload` (a global function's name),
   * `render` ('explicit', 'onload', or for reCAPTCHA v3 a site key) and `hl` (a language).
   */
  function scriptOptions(src) {
    const url = new URL(src);
    const query = url.searchParams;
    return { endpoint: url.origin, onload: query.get('onload') || '', render: query.get('render') || 'onload', hl: query.get('hl') || '' };
  }

  /** Whether `render` asks for implicit rendering (reCAPTCHA v3's render=SITEKEY does not). */
  function rendersImplicitly(render) {
    return render === 'onload';
  }

  /**
   * The widget's parameters from an element's data-* attributes (`get(name)` reads `data-NAME`),
   * with the script's `hl` as the language when the element names none.
   */
  function dataParams(get, hl) {
    const params = {};
    const names = {
      sitekey: 'sitekey', theme: 'theme', action: 'action', cdata: 'cdata', size: 'size',
      callback: 'callback', 'expired-callback': 'expired-callback', 'error-callback': 'error-callback',
      'response-field': 'response-field', 'response-field-name': 'response-field-name',
    };
    for (const key in names) {
      const value = get(key);
      if (value) params[names[key]] = value;
    }
    const language = get('language') || get('hl') || hl;
    if (language) params.language = language;
    return params;
  }

  /**
   * The labels a page gave a token (Turnstile's action and cdata, reCAPTCHA v3's action), checked
   * as siteverify checks them; one that cannot be carried is left out, with a warning in `problems`.
   */
  function labelsOf(params, problems) {
    const labels = { action: '', cdata: '' };
    const action = params.action == null ? '' : String(params.action);
    const cdata = params.cdata == null ? '' : String(params.cdata);
    if (action.length <= MAX_ACTION && ACTION.test(action)) labels.action = action;
    else problems.push('action "' + action.slice(0, 40) + '" is not letters, digits, _, - or / (at most ' + MAX_ACTION + '); left out');
    if (cdata.length <= MAX_CDATA && LABEL.test(cdata)) labels.cdata = cdata;
    else problems.push('cdata is not letters, digits, _ or - (at most ' + MAX_CDATA + '); left out');
    return labels;
  }

  /** The response a page and its backend see: the token, then `~action~cdata` when there are labels. */
  function composeResponse(token, labels) {
    if (!token) return '';
    if (!labels.action && !labels.cdata) return token;
    return token + '~' + labels.action + (labels.cdata ? '~' + labels.cdata : '');
  }

  /**
   * The hidden fields' names: the service's, or Turnstile's `response-field-name`; none with
   * Turnstile's `response-field: false` (the page then reads getResponse()).
   */
  function fieldNames(shape, params) {
    if (params['response-field'] === false || params['response-field'] === 'false') return [];
    if (params['response-field-name']) return [String(params['response-field-name'])];
    return shape.fields;
  }

  /** A page's callback: a function, or the name of a global function; null when there is none. */
  function callbackOf(value, scope) {
    if (typeof value === 'function') return value;
    if (typeof value === 'string' && value && typeof scope[value] === 'function') return scope[value];
    return null;
  }

  function warn(problems) {
    if (problems.length && typeof console !== 'undefined') console.warn('captcha-gen: ' + problems.join('; '));
  }

  /**
   * Calls `callback` once the page has parsed, and never before the script that asked has finished
   * (as the services' ready() does once their code has loaded): a page may call ready() from an
   * inline script placed before the elements its callback looks for.
   */
  function whenParsed(callback) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { callback(); });
    else setTimeout(callback, 0);
  }

  /** The service `name`'s API, rendering widgets that talk to `script.endpoint`. */
  function createService(name, script) {
    const shape = SHAPES[name];
    const widgets = []; // by id: {root, container, fields, response, expired, passWaiters} or null once removed

    function element(target) {
      if (target && target.nodeType === 1) return target;
      if (typeof target !== 'string' || !target) return null;
      return document.getElementById(target.replace(/^#/, '')) || document.querySelector(target);
    }

    function idOf(index) {
      return shape.numericIds ? index : String(index);
    }

    /** The widget of `id` (default: the first one that is still there). */
    function widgetOf(id) {
      if (id == null || id === '') {
        for (let i = 0; i < widgets.length; i++) if (widgets[i]) return widgets[i];
        return null;
      }
      if (typeof id === 'object' || (typeof id === 'string' && isNaN(Number(id)))) {
        const node = element(id);
        for (let j = 0; j < widgets.length; j++) if (widgets[j] && widgets[j].container === node) return widgets[j];
        return null;
      }
      return widgets[Number(id)] || null;
    }

    function hiddenField(container, fieldName) {
      const field = document.createElement(shape.tag);
      field.name = fieldName;
      if (shape.tag === 'input') field.type = 'hidden';
      else {
        field.id = widgets.length ? fieldName + '-' + widgets.length : fieldName;
        field.style.display = 'none';
      }
      container.appendChild(field);
      return field;
    }

    /** Renders a widget into `container` with `params` (the service's render parameters); its id. */
    function render(container, params) {
      const node = element(container);
      if (!node) throw new Error('captcha-gen: ' + name + '.render: no element ' + String(container));
      const existing = widgetOf(node);
      if (existing) return existing.id;
      params = params || {};
      const problems = [];
      const labels = labelsOf(params, problems);
      warn(problems);
      const root = document.createElement('div');
      node.appendChild(root);
      const widget = {
        id: idOf(widgets.length), root: root, container: node, response: '', expired: false, passWaiters: [],
        fields: fieldNames(shape, params).map(function (fieldName) {
          return hiddenField(node, fieldName);
        }),
      };
      widgets.push(widget);
      function write(token) {
        widget.response = composeResponse(token || '', labels);
        widget.fields.forEach(function (field) {
          field.value = widget.response;
        });
      }
      widget.captchaGen = mount(root, {
        sitekey: params.sitekey || '',
        endpoint: script.endpoint,
        lang: params.language || params.hl || script.hl || '',
        theme: params.theme || '',
        internals: { setFormValue: write },
        onPass: function () {
          if (widget.removed) return;
          widget.expired = false;
          const callback = callbackOf(params.callback, window);
          if (callback) callback(widget.response);
          const waiters = widget.passWaiters;
          widget.passWaiters = [];
          waiters.forEach(function (resolve) {
            resolve(widget.response);
          });
        },
        onExpire: function () {
          if (widget.removed) return;
          widget.expired = true;
          const callback = callbackOf(params['expired-callback'], window);
          if (callback) callback();
        },
        onError: function (message) {
          if (widget.removed) return;
          const callback = callbackOf(params['error-callback'], window);
          if (callback) callback(message);
        },
      });
      return widget.id;
    }

    /** A promise of the widget's next response (now, when it has one). */
    function nextResponse(widget) {
      if (widget.response) return Promise.resolve(widget.response);
      return new Promise(function (resolve) {
        widget.passWaiters.push(resolve);
      });
    }

    function reset(id) {
      const widget = widgetOf(id);
      if (!widget) return;
      widget.expired = false;
      widget.captchaGen.reset();
    }

    function remove(id) {
      const widget = widgetOf(id);
      if (!widget) return;
      widget.removed = true;
      widgets[widgets.indexOf(widget)] = null;
      widget.root.remove();
      widget.fields.forEach(function (field) {
        field.remove();
      });
    }

    function getResponse(id) {
      const widget = widgetOf(id);
      return widget ? widget.response : '';
    }

    /**
     * reCAPTCHA v3: the puzzle of `sitekey` in a dialog over the page; resolves with the response
     * once it is passed, rejects when the visitor closes the dialog.
     */
    function executeInDialog(sitekey, options) {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('data-captcha-gen-dialog', '');
      dialog.style.cssText = 'position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.45);z-index:2147483647';
      const box = document.createElement('div');
      box.style.cssText = 'position:relative;background:#fff;padding:28px 12px 12px;border-radius:8px';
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = '×';
      close.setAttribute('aria-label', 'Close');
      close.style.cssText = 'position:absolute;top:2px;right:6px;border:0;background:none;font-size:20px;cursor:pointer';
      box.appendChild(close);
      dialog.appendChild(box);
      document.body.appendChild(dialog);
      const id = render(box, { sitekey: sitekey, action: (options && options.action) || '' });
      function dismiss() {
        remove(id);
        dialog.remove();
      }
      return new Promise(function (resolve, reject) {
        close.addEventListener('click', function () {
          dismiss();
          reject(new Error('captcha-gen: the puzzle was closed'));
        });
        nextResponse(widgetOf(id)).then(function (response) {
          dismiss();
          resolve(response);
        });
      });
    }

    function renderAll() {
      const nodes = document.querySelectorAll(shape.selector);
      Array.prototype.forEach.call(nodes, function (node) {
        if (node.localName === 'input' || node.localName === 'textarea') return; // reCAPTCHA v3 pages mark their field
        render(node, dataParams(function (key) {
          return node.getAttribute('data-' + key);
        }, script.hl));
      });
    }

    const api = { render: render, reset: reset, remove: remove, getResponse: getResponse };
    if (name === 'turnstile') {
      api.isExpired = function (id) {
        const widget = widgetOf(id);
        return widget ? widget.expired : false;
      };
      api.ready = whenParsed;
      /** Renders `container` if it is not yet; the visitor still solves the puzzle. */
      api.execute = function (container, params) {
        if (!widgetOf(container)) render(container, params);
      };
      api.implicitRender = renderAll;
    } else if (name === 'hcaptcha') {
      api.getRespKey = function () {
        return '';
      };
      /** With {async: true}, a promise of {response, key} once the visitor passes. */
      api.execute = function (id, options) {
        const widget = widgetOf(id);
        if (!widget) return options && options.async ? Promise.reject(new Error('no hCaptcha widget')) : undefined;
        if (options && options.async) {
          return nextResponse(widget).then(function (response) {
            return { response: response, key: '' };
          });
        }
        return undefined;
      };
    } else {
      api.ready = whenParsed;
      /** v2 execute(id): the widget is already shown; v3 execute(sitekey, {action}): a dialog, then the token. */
      api.execute = function (first, options) {
        if (typeof first === 'string' && isNaN(Number(first))) return executeInDialog(first, options);
        const widget = widgetOf(first);
        return widget ? nextResponse(widget) : Promise.reject(new Error('no reCAPTCHA widget'));
      };
    }
    api.renderAll = renderAll;
    return api;
  }

  /** Publishes the service's global (once per page), renders implicitly, then calls `onload`. */
  function start(name) {
    if (!window.CaptchaGen) parts.mount.start();
    const shape = SHAPES[name];
    if (window[shape.global] && window[shape.global].captchaGen) return;
    const script = scriptOptions(document.currentScript ? document.currentScript.src : location.href);
    const service = createService(name, script);
    service.captchaGen = true;
    window[shape.global] = service;
    function loaded() {
      if (rendersImplicitly(script.render)) service.renderAll();
      const onload = callbackOf(script.onload, window);
      if (onload) onload();
    }
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', loaded);
    else loaded();
  }

  parts.dropin = {
    SHAPES: SHAPES, scriptOptions: scriptOptions, rendersImplicitly: rendersImplicitly, dataParams: dataParams,
    labelsOf: labelsOf, composeResponse: composeResponse, fieldNames: fieldNames, callbackOf: callbackOf, start: start,
  };
})(CaptchaGenParts);
