;; Spec section 8.3 (String Functions): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.3, line 2344
(str "hello")
;; => "hello"

;; spec 8.3, line 2345
(str "Hello" " " "World")
;; => "Hello World"

;; spec 8.3, line 2347
(subs "hello" 1)
;; => "ello"

;; spec 8.3, line 2348
(subs "hello" 1 4)
;; => "ell"
