"""The CPU models a phone is played under (slow cores side by side; one quarter-core), each
calibrated on a loop in a Web Worker: the loop (:mod:`.calibration`), the quota
(:mod:`.quota`), the slow cores (:mod:`.slow_cores`), the models (:mod:`.models`)."""
