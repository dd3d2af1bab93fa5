;; Spec appendix B (Documentation Tests): its `code ; => expected` examples.

;; spec B, line 4464
(+ 1 2)
;; => 3

;; spec B, line 4465
(filter even? [1 2 3])
;; => [2]

;; spec B, line 4466
{:a 1 :b 2}
;; => {:a 1 :b 2}
