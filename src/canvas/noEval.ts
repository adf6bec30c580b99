// Pixi v8 builds its uniform and shader sync functions with `new Function` unless this module is
// loaded first; it swaps in eval-free versions (the name says what it makes unnecessary), so the
// Content-Security-Policy needs no 'unsafe-eval'. Every class that owns a Pixi Application
// imports this file before creating one.
import 'pixi.js/unsafe-eval';
