/* captcha-gen widget, part 3: the slide control (see core.js). */
(function (parts) {
  'use strict';

  const el = parts.core.el, pct = parts.core.pct, clamp = parts.core.clamp,
    round2 = parts.core.round2, stageFor = parts.core.stageFor, pieceImage = parts.core.pieceImage;
  const createSteps = parts.input.createSteps, stepTicks = parts.input.stepTicks,
    setAriaValue = parts.input.setAriaValue, valueCore = parts.input.valueCore;

  // =============================================================================================
  // 5. slide: the piece follows a knob on a track under (or, vertical mode, beside) the picture, as
  //    in DWSlideCaptchaView; the value is piece.png's top-left in background px. Free mode has two
  //    sliders. Stops, when the challenge has them, are along x.

  const CHEVRONS =
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.5" ' +
    'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M6 6l6 6-6 6M13 6l6 6-6 6"/></svg>';

  /** One slider along `axis` ('x' or 'y'): knob, fill, ticks for stops; returns its parts. */
  function slideAxis(ch, axis, host, label, steps, text) {
    const horizontal = axis === 'x';
    const size = horizontal ? ch.piece_width : ch.piece_height;
    const whole = horizontal ? ch.width : ch.height;
    const track = el('div', { class: 'cg-track ' + (horizontal ? 'cg-x' : 'cg-y') }, host);
    const fill = el('div', { class: 'cg-fill' }, track);
    el('div', { class: 'cg-track-label', 'aria-hidden': 'true', text: text.t(horizontal ? 'slideHint' : 'slideHintDown') }, track);
    const stepped = horizontal ? steps : null;
    stepTicks(stepped && stepped.stops, track, size, whole);
    const knob = el('div', {
      class: 'cg-knob cg-grab',
      role: 'slider',
      tabindex: '0',
      'aria-label': label,
      'aria-orientation': horizontal ? 'horizontal' : 'vertical',
      'aria-valuemin': '0',
      'aria-valuemax': String(whole - size),
    }, track);
    knob.innerHTML = CHEVRONS;
    if (horizontal) knob.style.width = pct(size, whole);
    else knob.style.height = pct(size, whole);
    return { axis: axis, min: 0, max: whole - size, size: size, whole: whole, track: track, fill: fill, knob: knob, steps: stepped };
  }

  function slideControl(ch, ui) {
    const mode = ch.mode || 'horizontal';
    const row = el('div', { class: 'cg-row' }, ui.main);
    const stage = stageFor(ch, row);
    const piece = pieceImage(ch, stage);
    piece.classList.add('cg-grab');
    piece.style.pointerEvents = 'auto';
    piece.style.touchAction = 'none';
    const pos = { x: ch.start.x, y: ch.start.y };
    const steps = createSteps(ch.steps, 0);
    const axes = [];
    if (mode !== 'vertical') axes.push(slideAxis(ch, 'x', ui.main, ui.text.t('pieceAcross'), steps, ui.text));
    if (mode !== 'horizontal') axes.push(slideAxis(ch, 'y', row, ui.text.t('pieceDown'), steps, ui.text));
    if (mode === 'free') axes[0].track.classList.add('cg-beside-y');
    axes.forEach(function (a) {
      a.get = function () {
        return pos[a.axis];
      };
      a.set = function (value) {
        pos[a.axis] = clamp(value, 0, a.max);
      };
    });

    function render() {
      piece.style.left = pct(pos.x, ch.width);
      piece.style.top = pct(pos.y, ch.height);
      axes.forEach(function (a) {
        const v = pos[a.axis];
        if (a.axis === 'x') {
          a.knob.style.left = pct(v, a.whole);
          a.fill.style.width = pct(v + a.size / 2, a.whole);
        } else {
          a.knob.style.top = pct(v, a.whole);
          a.fill.style.height = pct(v + a.size / 2, a.whole);
        }
        setAriaValue(a.knob, v, Math.round(v) + ' of ' + a.max + ' pixels');
      });
    }

    const core = valueCore(ui, {
      steps: steps,
      get: function () {
        return pos.x;
      },
      set: function (x) {
        pos.x = x;
      },
      render: render,
      answer: function () {
        const body = { x: round2(pos.x) };
        if (mode !== 'horizontal') body.y = round2(pos.y);
        return body;
      },
    });

    /** Drags `handle` to move the piece along `moved` (the axes it controls). */
    function dragFrom(handle, moved) {
      let origin;
      core.drag(handle, {
        start: function (e, track) {
          origin = { cx: e.clientX, cy: e.clientY, x: pos.x, y: pos.y };
          track.add(pos.x, pos.y);
        },
        move: function (e, track) {
          const r = stage.getBoundingClientRect();
          const dx = ((e.clientX - origin.cx) * ch.width) / r.width;
          const dy = ((e.clientY - origin.cy) * ch.height) / r.height;
          moved.forEach(function (a) {
            a.set(origin[a.axis] + (a.axis === 'x' ? dx : dy));
          });
          render();
          // Across a one-axis slide the track keeps the hand's position (a hand wobbles) even
          // where the piece cannot follow it.
          track.add(mode === 'vertical' ? origin.x + dx : pos.x, mode === 'horizontal' ? origin.y + dy : pos.y);
        },
      });
    }

    dragFrom(piece, axes);
    axes.forEach(function (a) {
      dragFrom(a.knob, [a]);
      core.keys(a.knob, a);
    });
    render();
    return { focus: function () { axes[0].knob.focus(); } };
  }

  parts.slide = { slideControl: slideControl };
})(CaptchaGenParts);
