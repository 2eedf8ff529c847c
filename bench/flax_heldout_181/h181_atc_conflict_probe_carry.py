# label: ok
# flax-error: none
# class: 4 SectorMonitor.stages holds bound methods; the scoring stage unbinds BoundScorer.bound and applies it with mutable=['intermediates']; the sown minimum leaves the fori_loop in the carry
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
        module, variables = self.bound.unbind()
        risk, state = module.apply(variables, tracks, mutable=["intermediates"])
        return risk, state["intermediates"]["min_risk"][0]


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
            tracks, worst, lowest = carry
            tracks = advance(tracks)
            risk, min_risk = score(tracks)
            return tracks, jnp.maximum(worst, risk.max()), jnp.minimum(lowest, min_risk)

        tracks, worst, self.lowest = fori_loop(0, n_updates, body, (tracks, jnp.zeros(()), jnp.ones(())))
        return tracks, worst

    def report(self):
        return self.lowest


def main():
    tracks = jax.random.normal(jax.random.key(0), (5, 4))
    model = SeparationNet()
    variables = model.init(jax.random.key(1), tracks)
    monitor = SectorMonitor(BoundScorer(model, variables))
    _, worst = monitor.sweep(tracks, n_updates=12)
    print("worst risk", float(worst), "lowest risk", float(monitor.report()))
    return None
