# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 SectorMonitor.stages holds bound methods; the scoring stage calls BoundScorer.bound, a model.bind(..., mutable=['intermediates']) whose sown values are read after the fori_loop
"""Short-term conflict alert for one air-traffic sector.

Tracks are propagated with a constant-velocity model and scored by a small network;
the network sows the lowest per-aircraft risk so the sector report can show it.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class SeparationNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, tracks):
        h = nn.tanh(nn.Dense(self.hidden)(tracks))
        risk = nn.sigmoid(nn.Dense(1)(h))[:, 0]
        self.sow("intermediates", "min_risk", risk.min())
        return risk


class BoundScorer:
    """Keeps a bound copy of the scorer so callers do not pass variables around."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["intermediates"])

    def score(self, tracks):
        return self.bound(tracks)


class SectorMonitor:
    def __init__(self, scorer: BoundScorer, dt: float = 5.0):
        self.scorer = scorer
        self.dt = dt
        self.stages = (self.advance, self.scorer.score)

    def advance(self, tracks):
        pos, vel = tracks[:, :2], tracks[:, 2:]
        return jnp.concatenate([pos + self.dt * vel, vel], axis=1)

    def sweep(self, tracks, n_updates: int):
        advance, score = self.stages

        def body(i, carry):
            tracks, worst = carry
            tracks = advance(tracks)
            return tracks, jnp.maximum(worst, score(tracks).max())

        return fori_loop(0, n_updates, body, (tracks, jnp.zeros(())))

    def report(self):
        sown = self.scorer.bound.variables["intermediates"]["min_risk"]
        return jnp.min(jnp.stack(sown))


def main():
    tracks = jax.random.normal(jax.random.key(0), (5, 4))
    model = SeparationNet()
    variables = model.init(jax.random.key(1), tracks)
    monitor = SectorMonitor(BoundScorer(model, variables))
    _, worst = monitor.sweep(tracks, n_updates=12)
    print("worst risk", float(worst), "lowest risk", float(monitor.report()))
    return None
