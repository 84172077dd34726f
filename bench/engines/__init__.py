"""Every engine a phone may run (Chromium, WebKit, Firefox), cold and warm: the runs
(:mod:`.run`), their report (:mod:`.report`), two builds alternately (:mod:`.ab`), and the
analyses of WebKit's time (:mod:`.jsc`, :mod:`.wasm`)."""
