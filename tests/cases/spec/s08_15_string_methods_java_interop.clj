;; Spec section 8.15 (String Methods (Java Interop)): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.15, line 3150
(.indexOf "hello" "ll")
;; => 2

;; spec 8.15, line 3151
(.indexOf "hello" "x")
;; => -1

;; spec 8.15, line 3152: finds second 'l'
(.indexOf "hello" "l" 3)
;; => 3

;; spec 8.15, line 3153: last 'l'
(.lastIndexOf "hello" "l")
;; => 3

;; spec 8.15, line 3154
(.toLowerCase "Hello")
;; => "hello"

;; spec 8.15, line 3155
(.toUpperCase "Hello")
;; => "HELLO"

;; spec 8.15, line 3156
(.startsWith "hello" "he")
;; => true

;; spec 8.15, line 3157
(.endsWith "hello" "lo")
;; => true

;; spec 8.15, line 3158
(.contains "hello" "ell")
;; => true

;; spec 8.15, line 3159
(.length "hello")
;; => 5

;; spec 8.15, line 3160
(.substring "hello" 2)
;; => "llo"

;; spec 8.15, line 3161
(.substring "hello" 1 3)
;; => "el"

;; spec 8.15, line 3170: "=> error: .indexOf: expected string, got integer"
(.indexOf 123 "x")
;; !! EvalError: .indexOf: expected string, got integer
