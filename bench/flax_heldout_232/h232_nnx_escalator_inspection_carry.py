# label: ok
# flax-error: none
# class: 3 InspectionStep keeps the detector's graphdef as an attribute; the detector state travels in the fori_loop carry and is merged in __call__
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
    def __init__(self, graphdef, gap_log, threshold: float):
        self.graphdef = graphdef
        self.gap_log = gap_log
        self.threshold = threshold

    @classmethod
    def for_station(cls, graphdef, gap_log, station: dict):
        return cls(graphdef, gap_log, station.get("threshold", 0.5))

    def __call__(self, i, carry):
        state, faults = carry
        detector = nnx.merge(self.graphdef, state)
        risk = detector(self.gap_log[i])
        return nnx.state(detector), faults + jnp.sum(risk > self.threshold)


def gap_measurements(days: int, plates: int, teeth: int):
    d = jnp.arange(days, dtype=jnp.float32)[:, None, None]
    t = jnp.arange(plates * teeth, dtype=jnp.float32).reshape(1, plates, teeth)
    return 0.2 * jnp.sin(d + t)


def main():
    detector = CombPlateDetector(teeth=6, rngs=nnx.Rngs(params=12))
    gap_log = gap_measurements(days=5, plates=3, teeth=6)
    graphdef, state = nnx.split(detector)
    step = InspectionStep.for_station(graphdef, gap_log, {"name": "north-concourse", "threshold": 0.5})
    state, faults = lax.fori_loop(0, gap_log.shape[0], step, (state, jnp.int32(0)))
    nnx.update(detector, state)
    jax.block_until_ready((faults, detector.inspections[...]))
    return None
