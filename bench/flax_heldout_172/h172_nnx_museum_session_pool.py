# label: same-values
# flax-error: none
# class: 4 VisitorSimulator.pool (a SessionPool holding a split graphdef and state) hands the scan body a fresh nnx.merge(..., copy=True) each step, so the model's dropout Rngs restart from the same count
"""Museum visitor flow model: samples how a school group spreads over the galleries in the next
half hour, from a dropout-perturbed flow model served out of a session pool."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class GalleryConfig:
    n_galleries: int = 5
    hidden: int = 10
    dropout: float = 0.3
    n_samples: int = 6


class SpreadModel(nnx.Module):
    def __init__(self, cfg: GalleryConfig, rngs: nnx.Rngs):
        self.enc = nnx.Linear(cfg.n_galleries, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.dec = nnx.Linear(cfg.hidden, cfg.n_galleries, rngs=rngs)

    def __call__(self, occupancy):
        h = self.drop(nnx.relu(self.enc(occupancy)))
        return nnx.softmax(self.dec(h)) * occupancy.sum()


class SessionPool:
    """Keeps one immutable snapshot of the model and hands out working copies."""

    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)

    def checkout(self):
        return nnx.merge(self.graphdef, self.state, copy=True)


class VisitorSimulator:
    def __init__(self, cfg: GalleryConfig):
        self.cfg = cfg
        self.pool = SessionPool(SpreadModel(cfg, nnx.Rngs(params=0, dropout=9)))

    def sample_spread(self, occupancy):
        def sample(carry, _):
            session = self.pool.checkout()
            return carry, session(occupancy)

        _, spreads = jax.lax.scan(sample, jnp.zeros(()), None, length=self.cfg.n_samples)
        return spreads


def main():
    sim = VisitorSimulator(GalleryConfig())
    occupancy = jnp.array([30.0, 5.0, 0.0, 12.0, 3.0])
    spreads = sim.sample_spread(occupancy)
    print("expected spread", spreads.mean(0))
    return spreads
