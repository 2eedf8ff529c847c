# label: trace-context
# flax-error: TraceContextError: Cannot mutate InspectionCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 InspectionStep keeps the CombPlateDetector as an attribute and calls it in __call__, the fori_loop body; the detector counts its inspections
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class InspectionCount(nnx.Variable):
    pass


class CombPlateDetector(nnx.Module):
    def __init__(self, teeth: int, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(teeth, 1, rngs=rngs)
        self.inspections = InspectionCount(jnp.zeros((), jnp.int32))

    def __call__(self, gaps):
        self.inspections[...] += 1
        return jax.nn.sigmoid(self.score(gaps))[..., 0]


class InspectionStep:
    def __init__(self, detector: CombPlateDetector, gap_log, threshold: float):
        self.detector = detector
        self.gap_log = gap_log
        self.threshold = threshold

    @classmethod
    def for_station(cls, detector, gap_log, station: dict):
        return cls(detector, gap_log, station.get("threshold", 0.5))

    def __call__(self, i, faults):
        risk = self.detector(self.gap_log[i])
        return faults + jnp.sum(risk > self.threshold)


def gap_measurements(days: int, plates: int, teeth: int):
    d = jnp.arange(days, dtype=jnp.float32)[:, None, None]
    t = jnp.arange(plates * teeth, dtype=jnp.float32).reshape(1, plates, teeth)
    return 0.2 * jnp.sin(d + t)


def main():
    detector = CombPlateDetector(teeth=6, rngs=nnx.Rngs(params=12))
    gap_log = gap_measurements(days=5, plates=3, teeth=6)
    step = InspectionStep.for_station(detector, gap_log, {"name": "north-concourse", "threshold": 0.5})
    faults = lax.fori_loop(0, gap_log.shape[0], step, jnp.int32(0))
    jax.block_until_ready((faults, detector.inspections[...]))
    return None
