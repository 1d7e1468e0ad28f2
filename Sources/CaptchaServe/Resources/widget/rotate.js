/* captcha-gen widget, part 4: the rotate control (see core.js). */
(function (parts) {
  'use strict';

  const RING_FACTOR = parts.core.RING_FACTOR, el = parts.core.el, pct = parts.core.pct,
    round2 = parts.core.round2, shortTurn = parts.core.shortTurn,
    toBackground = parts.core.toBackground, stageFor = parts.core.stageFor,
    pieceImage = parts.core.pieceImage;
  const createSteps = parts.input.createSteps, setAriaValue = parts.input.setAriaValue,
    valueCore = parts.input.valueCore;

  // =============================================================================================
  // 6. rotate: a handle on a ring centred on the disc, as the circular slider; the piece turns
  //    clockwise by the value (degrees, 0…359). Stops, when the challenge has them, are angles.

  /** The ring around the disc, with a tick for each stop; returns the arm that carries the handle. */
  function rotateRing(ch, stage) {
    const radius = (RING_FACTOR * ch.piece_width) / 2;
    const ring = el('div', { class: 'cg-ring' }, stage);
    ring.style.left = pct(ch.center.x - radius, ch.width);
    ring.style.top = pct(ch.center.y - radius, ch.height);
    ring.style.width = pct(2 * radius, ch.width);
    ring.style.height = pct(2 * radius, ch.height);
    (ch.steps || []).forEach(function (s) {
      const arm = el('div', { class: 'cg-arm' }, ring);
      arm.style.transform = 'rotate(' + s + 'deg)';
      el('div', { class: 'cg-tick' }, arm);
    });
    return el('div', { class: 'cg-arm' }, ring);
  }

  function rotateControl(ch, ui) {
    const stage = stageFor(ch, ui.main);
    const piece = pieceImage(ch, stage);
    piece.style.left = pct(ch.center.x - ch.piece_width / 2, ch.width);
    piece.style.top = pct(ch.center.y - ch.piece_height / 2, ch.height);
    const arm = rotateRing(ch, stage);
    const handle = el('div', {
      class: 'cg-handle',
      role: 'slider',
      tabindex: '0',
      'aria-label': ui.text.t('turnPicture'),
      'aria-valuemin': '0',
      'aria-valuemax': '359',
    }, arm);
    let turn = 0; // unwrapped, so a snap across 0° animates the short way

    function value() {
      return ((turn % 360) + 360) % 360;
    }

    /** Turns to `angle` (0…360) along the shorter way from where the picture is now. */
    function turnTo(angle) {
      turn += shortTurn(angle - value());
    }

    function render() {
      piece.style.transform = 'rotate(' + turn + 'deg)';
      arm.style.transform = 'rotate(' + turn + 'deg)';
      const shown = Math.round(value()) % 360;
      setAriaValue(handle, shown, shown + ' degrees clockwise');
    }

    const steps = createSteps(ch.steps, 360);
    const core = valueCore(ui, {
      steps: steps,
      get: value,
      set: turnTo,
      render: render,
      answer: function () {
        return { angle: round2(value()) };
      },
    });

    function pointerAngle(e) {
      const r = stage.getBoundingClientRect();
      const cx = r.left + (ch.center.x * r.width) / ch.width;
      const cy = r.top + (ch.center.y * r.height) / ch.height;
      return (Math.atan2(e.clientX - cx, cy - e.clientY) * 180) / Math.PI; // 0 = up, clockwise
    }

    let last;
    core.drag(stage, {
      start: function (e, track) {
        last = pointerAngle(e);
        const p = toBackground(stage, ch, e.clientX, e.clientY);
        track.add(p.x, p.y);
      },
      move: function (e, track) {
        const a = pointerAngle(e);
        turn += shortTurn(a - last);
        last = a;
        render();
        const p = toBackground(stage, ch, e.clientX, e.clientY);
        track.add(p.x, p.y);
      },
    });
    stage.classList.add('cg-grab');
    core.keys(handle, { get: value, set: turnTo, min: 0, max: 359, steps: steps });
    render();
    return { focus: function () { handle.focus(); } };
  }

  parts.rotate = { rotateControl: rotateControl };
})(CaptchaGenParts);
