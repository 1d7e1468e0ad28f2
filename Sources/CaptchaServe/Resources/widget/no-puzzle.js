/* captcha-gen widget, part 8: the no-puzzle and invisible modes (see core.js). */
(function (parts) {
  'use strict';

  const el = parts.core.el, isNoPuzzle = parts.core.isNoPuzzle;

  // =============================================================================================
  // 10. The no-puzzle challenge ({"kind": "pow"}): shown as a progress bar while the worker solves
  //     it, when the person chose it; invisible when the site chose it (its default kind is "pow"):
  //     nothing shows unless something goes wrong, and the token goes into the form field. The
  //     footer's buttons: "I can't solve the puzzle" / "Show me a puzzle", and "Try again".

  /** The no-puzzle challenge's panel: what happens, and a progress bar of the puzzles solved. */
  function powControl(ch, ui) {
    const prompt = ui.text.t('promptPow');
    const text = el('p', { class: 'cg-prompt', text: prompt }, ui.main);
    const total = (ch.pow && ch.pow.puzzles) || 1;
    const bar = el('progress', { class: 'cg-pow', max: String(total), value: '0', 'aria-label': ui.text.t('powProgress') }, ui.main);
    return {
      focus: function () {},
      progress: function (solved, all) {
        bar.max = all;
        bar.value = solved;
        text.textContent = prompt + ' ' + ui.text.t('powWorking', { solved: solved, total: all });
      },
    };
  }

  /**
   * The footer under the status line: `onSwitch()` when the person asks for the no-puzzle challenge
   * or back for a puzzle, `onRetry()` after an error. `show(state, challenge, chosen)` shows what
   * applies: the switch when the challenge offers the no-puzzle challenge (or it is the one the
   * person chose), "Try again" in the error state. A button hidden while it has the keyboard focus
   * hands the focus to `status`, so a keyboard user is not sent back to the top of the page.
   * `text` words the buttons.
   */
  function createFooter(root, status, text, onSwitch, onRetry) {
    const foot = el('div', { class: 'cg-foot' }, root);
    const switcher = el('button', { type: 'button', class: 'cg-switch', hidden: '' }, foot);
    const retry = el('button', { type: 'button', class: 'cg-retry', text: text.t('retry'), hidden: '' }, foot);
    switcher.addEventListener('click', onSwitch);
    retry.addEventListener('click', onRetry);
    return {
      show: function (state, ch, chosen) {
        const offered = chosen || !!(ch && ch.no_puzzle);
        const focused = document.activeElement;
        switcher.textContent = text.t(chosen ? 'backToPuzzle' : 'noPuzzle');
        switcher.hidden = !offered || state === 'pass';
        retry.hidden = state !== 'error';
        if ((focused === switcher && switcher.hidden) || (focused === retry && retry.hidden)) status.focus();
      },
      focusRetry: function () {
        retry.focus();
      },
    };
  }

  /** Whether `ch` runs invisibly: the no-puzzle challenge the site chose, not the person. */
  function isInvisible(ch, chosen) {
    return isNoPuzzle(ch) && !chosen;
  }

  parts.noPuzzle = { powControl: powControl, createFooter: createFooter, isInvisible: isInvisible };
})(CaptchaGenParts);
