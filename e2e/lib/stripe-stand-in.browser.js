/* global window, document */
// Stand-in for Stripe.js, served ONLY to the test browser in place of https://js.stripe.com/*
// (page route interception, see stripe-stand-in.js). Never part of the app.
//
// It implements the surface @stripe/stripe-js + @stripe/react-stripe-js and the app use:
//   Stripe(pk) → { elements({clientSecret, appearance}) → { create('payment'|'card'),
//   getElement, update, fetchUpdates, submit }, confirmPayment, confirmCardPayment,
//   retrievePaymentIntent, createToken, createPaymentMethod, _registerWrapper, registerAppInfo }
// An element renders plain card inputs (Card number, Expiration date, Security code) where
// Stripe would put its iframe, and emits ready / change / focus / blur.
//
// confirmPayment behaves like Stripe's: an incomplete card → { error: validation_error };
// the decline test card 4000 0000 0000 0002 → { error: card_error, "Your card was declined." };
// otherwise it "confirms" by sending the browser to confirmParams.return_url with the
// payment_intent, payment_intent_client_secret and redirect_status=succeeded parameters
// (or resolves { paymentIntent } with redirect: 'if_required').
(() => {
  'use strict';
  if (window.Stripe && window.Stripe.__fmStandIn) return;

  const DECLINE_CARD = '4000000000000002';
  // How long a confirmation "takes", so the form's Processing... state is there to see.
  const NETWORK_MS = 400;
  const log = (...args) => window.console.info('[stripe stand-in]', ...args);
  const intentIdOf = (clientSecret) => String(clientSecret || '').split('_secret_')[0];
  const later = (fn, ms = 0) => window.setTimeout(fn, ms);

  class Emitter {
    constructor() {
      this.handlers = {};
    }
    on(event, handler) {
      (this.handlers[event] ||= []).push(handler);
      return this;
    }
    once(event, handler) {
      const wrapped = (payload) => {
        this.off(event, wrapped);
        handler(payload);
      };
      return this.on(event, wrapped);
    }
    off(event, handler) {
      const list = this.handlers[event] || [];
      this.handlers[event] = handler ? list.filter((h) => h !== handler) : [];
      return this;
    }
    emit(event, payload) {
      for (const h of (this.handlers[event] || []).slice()) h(payload);
    }
  }

  function field(labelText, name, placeholder, autocomplete) {
    const label = document.createElement('label');
    label.style.display = 'grid';
    label.style.gap = '4px';
    label.style.fontSize = '14px';
    const caption = document.createElement('span');
    caption.textContent = labelText;
    const input = document.createElement('input');
    input.name = name;
    input.placeholder = placeholder;
    input.autocomplete = autocomplete;
    input.inputMode = 'numeric';
    Object.assign(input.style, {
      padding: '10px 12px',
      border: '1px solid #c8c2b4',
      borderRadius: '8px',
      font: 'inherit',
    });
    label.append(caption, input);
    return { label, input };
  }

  /** The Payment (or Card) Element: plain inputs where Stripe would mount its iframe. */
  class ElementStandIn extends Emitter {
    constructor(type, options) {
      super();
      this.type = type;
      this.options = options || {};
      this.node = null;
      this.inputs = null;
      this.destroyed = false;
    }
    value() {
      const i = this.inputs;
      if (!i) return { number: '', exp: '', cvc: '' };
      return { number: i.number.value.replace(/\D/g, ''), exp: i.exp.value.trim(), cvc: i.cvc.value.trim() };
    }
    complete() {
      const v = this.value();
      return v.number.length >= 15 && v.exp.length >= 4 && v.cvc.length >= 3;
    }
    empty() {
      const v = this.value();
      return !v.number && !v.exp && !v.cvc;
    }
    mount(target) {
      const node = typeof target === 'string' ? document.querySelector(target) : target;
      if (!node) throw new Error(`[stripe stand-in] mount target not found: ${target}`);
      const box = document.createElement('div');
      box.setAttribute('data-stripe-stand-in', this.type);
      box.setAttribute('role', 'group');
      box.setAttribute('aria-label', 'Card details (test stand-in for Stripe)');
      Object.assign(box.style, { display: 'grid', gap: '12px' });
      const number = field('Card number', 'cardnumber', '1234 1234 1234 1234', 'cc-number');
      const exp = field('Expiration date', 'exp-date', 'MM / YY', 'cc-exp');
      const cvc = field('Security code', 'cvc', 'CVC', 'cc-csc');
      for (const f of [number, exp, cvc]) {
        box.append(f.label);
        f.input.addEventListener('input', () =>
          this.emit('change', {
            elementType: this.type,
            empty: this.empty(),
            complete: this.complete(),
            collapsed: false,
            value: { type: 'card' },
          }),
        );
        f.input.addEventListener('focus', () => this.emit('focus', { elementType: this.type }));
        f.input.addEventListener('blur', () => this.emit('blur', { elementType: this.type }));
      }
      node.replaceChildren(box);
      this.node = node;
      this.inputs = { number: number.input, exp: exp.input, cvc: cvc.input };
      log(`mounted the ${this.type} element`);
      later(() => {
        this.emit('loaderstart', { elementType: this.type });
        this.emit('ready', { elementType: this.type });
      });
      return this;
    }
    update(options) {
      this.options = { ...this.options, ...options };
    }
    focus() {
      this.inputs?.number.focus();
    }
    blur() {
      this.inputs?.number.blur();
    }
    clear() {
      if (!this.inputs) return;
      for (const input of Object.values(this.inputs)) input.value = '';
    }
    collapse() {}
    unmount() {
      this.node?.replaceChildren();
      this.node = null;
      this.inputs = null;
    }
    destroy() {
      this.unmount();
      this.destroyed = true;
      this.handlers = {};
    }
  }

  /** What confirming this element's card would answer: null when it goes through. */
  function validate(element) {
    if (!element || !element.inputs)
      return { type: 'invalid_request_error', message: 'The payment form is not mounted.' };
    const v = element.value();
    if (v.number.length < 15)
      return { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
    if (v.exp.length < 4)
      return {
        type: 'validation_error',
        code: 'incomplete_expiry',
        message: "Your card's expiration date is incomplete.",
      };
    if (v.cvc.length < 3)
      return { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    if (v.number === DECLINE_CARD) {
      return {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
    }
    return null;
  }

  class ElementsStandIn {
    constructor(options) {
      this.options = options || {};
      this.created = {};
    }
    create(type, options) {
      if (this.created[type] && !this.created[type].destroyed) {
        throw new Error(`[stripe stand-in] Can only create one Element of type ${type}.`);
      }
      const element = new ElementStandIn(type, options);
      this.created[type] = element;
      return element;
    }
    getElement(type) {
      const element = this.created[type];
      return element && !element.destroyed ? element : null;
    }
    update(options) {
      this.options = { ...this.options, ...options };
    }
    fetchUpdates() {
      return Promise.resolve({});
    }
    submit() {
      const error = validate(this.getElement('payment') || this.getElement('card'));
      return Promise.resolve(error ? { error } : {});
    }
  }

  const succeeded = (clientSecret) => ({
    id: intentIdOf(clientSecret),
    object: 'payment_intent',
    status: 'succeeded',
    client_secret: clientSecret,
  });

  class StripeStandIn {
    constructor(publishableKey) {
      if (typeof publishableKey !== 'string' || !/^pk_/.test(publishableKey)) {
        throw new Error(`[stripe stand-in] Invalid publishable key: ${publishableKey}`);
      }
      this.publishableKey = publishableKey;
      log(`Stripe(${publishableKey})`);
    }
    _registerWrapper() {}
    registerAppInfo() {}
    elements(options) {
      const secret = options?.clientSecret;
      log(`elements({ clientSecret: ${secret ? `${intentIdOf(secret)}_secret_…` : 'none'} })`);
      return new ElementsStandIn(options);
    }
    confirmPayment(params = {}) {
      const { elements, confirmParams = {}, redirect = 'always' } = params;
      if (!(elements instanceof ElementsStandIn)) {
        return Promise.reject(new Error('[stripe stand-in] confirmPayment: the `elements` argument is required.'));
      }
      if (redirect !== 'if_required' && !confirmParams.return_url) {
        return Promise.reject(
          new Error(
            "[stripe stand-in] confirmPayment: the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
          ),
        );
      }
      const clientSecret = params.clientSecret || elements.options.clientSecret;
      const error = validate(elements.getElement('payment') || elements.getElement('card'));
      if (error) {
        log(`confirmPayment refused: ${error.message}`);
        return new Promise((resolve) => later(() => resolve({ error }), NETWORK_MS));
      }
      const paymentIntent = succeeded(clientSecret);
      if (redirect === 'if_required') {
        log(`confirmPayment ${paymentIntent.id} succeeded (no redirect)`);
        return Promise.resolve({ paymentIntent });
      }
      const url = new URL(confirmParams.return_url, window.location.href);
      url.searchParams.set('payment_intent', paymentIntent.id);
      url.searchParams.set('payment_intent_client_secret', clientSecret);
      url.searchParams.set('redirect_status', 'succeeded');
      log(`confirmPayment ${paymentIntent.id} succeeded; redirecting to ${url.pathname}`);
      later(() => window.location.assign(url.toString()), NETWORK_MS);
      // Like Stripe.js: the promise never settles when the page is left for the return URL.
      return new Promise(() => {});
    }
    confirmCardPayment(clientSecret, data) {
      const element = data?.payment_method?.card;
      const error = element ? validate(element) : null;
      return Promise.resolve(error ? { error } : { paymentIntent: succeeded(clientSecret) });
    }
    retrievePaymentIntent(clientSecret) {
      return Promise.resolve({ paymentIntent: { ...succeeded(clientSecret), status: 'requires_payment_method' } });
    }
    handleNextAction(params) {
      return this.retrievePaymentIntent(params?.clientSecret);
    }
    createToken() {
      return Promise.resolve({ token: { id: 'tok_visa', object: 'token' } });
    }
    createPaymentMethod() {
      return Promise.resolve({ paymentMethod: { id: 'pm_card_visa', object: 'payment_method', type: 'card' } });
    }
  }

  // Stripe(pk) is called without `new` (by @stripe/stripe-js), like the real one allows.
  function Stripe(publishableKey, options) {
    return new StripeStandIn(publishableKey, options);
  }
  // @stripe/stripe-js compares this with its release train to warn on a mismatch.
  Stripe.version = window.__FM_STRIPE_RELEASE_TRAIN__ || 3;
  Stripe.__fmStandIn = true;
  window.Stripe = Stripe;
})();
