/* captcha-gen widget, part 2: steps and the input core (see core.js). */
(function (parts) {
  'use strict';

  const SNAP_MS = parts.core.SNAP_MS, KEY_STEPS = parts.core.KEY_STEPS, el = parts.core.el,
    pct = parts.core.pct, round2 = parts.core.round2;

  // =============================================================================================
  // 3. Steps (`serve --steps N`): the value snaps to the nearest stop on release and keys move stop
  //    by stop; the answer is then {step: index}. `wrap` (360 for rotate) measures around a circle.

  function createSteps(stops, wrap) {
    if (!stops) return null;

    /** The stop nearest to `value`. */
    function nearest(value) {
      let best = 0;
      let bestDistance = Infinity;
      stops.forEach(function (s, i) {
        let d = Math.abs(s - value);
        if (wrap) d = Math.min(d, wrap - d);
        if (d < bestDistance) {
          best = i;
          bestDistance = d;
        }
      });
      return best;
    }

    /** The stop a key press reaches: nearest to value+delta, but at least one stop in that direction. */
    function afterKey(value, delta) {
      const index = nearest(value);
      const goal = stops[index] + delta;
      const ahead = stops
        .map(function (s, i) {
          return i;
        })
        .filter(function (i) {
          return delta > 0 ? i > index : i < index;
        });
      if (!ahead.length) return index;
      return ahead.reduce(function (best, i) {
        return Math.abs(stops[i] - goal) < Math.abs(stops[best] - goal) ? i : best;
      });
    }

    return { stops: stops, index: null, nearest: nearest, afterKey: afterKey };
  }

  /** Tick marks on a slider track for each stop. */
  function stepTicks(stops, track, size, whole) {
    (stops || []).forEach(function (s) {
      const tick = el('div', { class: 'cg-tick' }, track);
      tick.style.left = pct(s + size / 2, whole);
    });
  }

  // =============================================================================================
  // 4. The input core every control shares: pointer drags with their track, the slider keys, and
  //    a value set by both (slide's axes, rotate's ring) that a drag's release or Enter submits.

  /** Records a drag: samples {t, x, y}, t in ms from the first sample, x and y rounded to 0.01. */
  function createTrack() {
    const samples = [];
    let t0 = 0;
    return {
      add: function (x, y) {
        const now = performance.now();
        if (!samples.length) t0 = now;
        samples.push({ t: Math.round(now - t0), x: round2(x), y: round2(y) });
      },
      samples: function () {
        return samples.slice();
      },
    };
  }

  /**
   * Pointer drags on `target` (mouse, pen, touch: pointer events with capture). `handlers.start`
   * gets the first event and returns false to ignore it; `move` and `end` follow.
   */
  function onDrag(target, handlers) {
    let active = null;
    target.addEventListener('pointerdown', function (e) {
      if (active !== null || (e.pointerType === 'mouse' && e.button !== 0)) return;
      if (handlers.start(e) === false) return;
      active = e.pointerId;
      try {
        target.setPointerCapture(e.pointerId);
      } catch (err) {
        /* capture is best effort (synthetic events have no active pointer) */
      }
      e.preventDefault();
    });
    target.addEventListener('pointermove', function (e) {
      if (e.pointerId === active) handlers.move(e);
    });
    function finish(e) {
      if (e.pointerId !== active) return;
      active = null;
      handlers.end(e, e.type === 'pointercancel');
    }
    target.addEventListener('pointerup', finish);
    target.addEventListener('pointercancel', finish);
  }

  /**
   * A drag that records its track while the widget is live: `handlers.start(e, track)` and
   * `handlers.move(e, track)` add the samples; `handlers.end(track, cancelled)` gets the track.
   */
  function trackedDrag(target, ui, handlers) {
    let track;
    onDrag(target, {
      start: function (e) {
        if (!ui.live()) return false;
        track = createTrack();
        handlers.start(e, track);
      },
      move: function (e) {
        handlers.move(e, track);
      },
      end: function (e, cancelled) {
        handlers.end(track, cancelled);
      },
    });
  }

  /** Wires the WAI-ARIA slider keys: value changes (`step(delta)`, `home`, `end`) and Enter. */
  function onSliderKeys(node, live, keys) {
    node.addEventListener('keydown', function (e) {
      if (!live()) return;
      if (e.key in KEY_STEPS) keys.step(KEY_STEPS[e.key]);
      else if (e.key === 'Home') keys.home();
      else if (e.key === 'End') keys.end();
      else if (e.key === 'Enter') keys.submit();
      else return;
      e.preventDefault();
    });
  }

  /** Sets the slider's ARIA value attributes. */
  function setAriaValue(node, value, text) {
    node.setAttribute('aria-valuenow', String(Math.round(value)));
    node.setAttribute('aria-valuetext', text);
  }

  /** Runs `apply` with the snap animation on `scope`, then `done` when it has played. */
  function animateSnap(scope, apply, done) {
    scope.classList.add('cg-snapping');
    // Let the browser see the old position with the transition on, then move.
    requestAnimationFrame(function () {
      apply();
      setTimeout(function () {
        scope.classList.remove('cg-snapping');
        if (done) done();
      }, SNAP_MS + 20);
    });
  }

  /**
   * The value core of slide and rotate. `spec`: `steps` (section 3, or null), `get()` and `set(v)`
   * of the stepped value, `render()`, and `answer()`: the body of a free (unstepped) answer.
   * Returns `keys(node, axis)` for one slider handle (`axis`: get, set, min, max, steps),
   * `drag(target, move)` for a handle that submits on release, and `submit()` (Enter).
   */
  function valueCore(ui, spec) {
    const steps = spec.steps;

    function answerBody() {
      return steps && steps.index !== null ? { step: steps.index } : spec.answer();
    }

    /** Moves the stepped value to stop `index` with the snap animation, then calls `done`. */
    function snapTo(index, done) {
      steps.index = index;
      animateSnap(
        ui.root,
        function () {
          spec.set(steps.stops[index]);
          spec.render();
        },
        done,
      );
    }

    /** Stepped answers: snap to the nearest stop first; then `done`. */
    function snapThen(done) {
      if (!steps) return done();
      snapTo(steps.nearest(spec.get()), done);
    }

    function submit() {
      snapThen(function () {
        ui.submit(answerBody());
      });
    }

    function keys(node, axis) {
      const stepped = axis.steps;
      function jump(index, free) {
        axis.set(stepped ? stepped.stops[(stepped.index = index)] : free);
        spec.render();
      }
      onSliderKeys(node, ui.live, {
        step: function (delta) {
          if (stepped) return snapTo(stepped.afterKey(axis.get(), delta));
          axis.set(Math.round(axis.get()) + delta);
          spec.render();
        },
        home: function () {
          jump(0, axis.min);
        },
        end: function () {
          jump(stepped ? stepped.stops.length - 1 : 0, axis.max);
        },
        submit: submit,
      });
    }

    /** A drag on `target`: `move(e, track)` follows the pointer; release snaps, then submits. */
    function drag(target, handlers) {
      trackedDrag(target, ui, {
        start: function (e, track) {
          handlers.start(e, track);
          ui.root.classList.add('cg-dragging');
        },
        move: handlers.move,
        end: function (track, cancelled) {
          ui.root.classList.remove('cg-dragging');
          if (cancelled) return;
          const samples = track.samples();
          snapThen(function () {
            const body = answerBody();
            body.track = samples;
            ui.submit(body);
          });
        },
      });
    }

    return { keys: keys, drag: drag, submit: submit };
  }

  parts.input = { createSteps: createSteps, stepTicks: stepTicks, trackedDrag: trackedDrag,
    setAriaValue: setAriaValue, valueCore: valueCore };
})(CaptchaGenParts);
