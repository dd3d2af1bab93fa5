;; spec 4, line 490
(if nil "truthy" "falsy")
;; => "falsy"

;; spec 4, line 491
(if false "truthy" "falsy")
;; => "falsy"

;; spec 4, line 492
(if true "truthy" "falsy")
;; => "truthy"

;; spec 4, line 493
(if 0 "truthy" "falsy")
;; => "truthy"

;; spec 4, line 494
(if "" "truthy" "falsy")
;; => "truthy"

;; spec 4, line 495
(if [] "truthy" "falsy")
;; => "truthy"

;; spec 4, line 496
(if {} "truthy" "falsy")
;; => "truthy"
