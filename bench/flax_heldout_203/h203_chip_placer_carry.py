# label: ok
# flax-error: none
# class: 4 batch_stats held by a PlacementSession, reached as self.session.variables and threaded through the trainer's scan carry
"""Chip placement optimisation: refine macro coordinates by scoring candidate layouts with a
congestion model whose BatchNorm statistics are meant to track the layouts seen so far."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class PlacerConfig:
    num_macros: int = 8
    refine_steps: int = 5
    step_size: float = 0.05


class CongestionModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, coords):
        h = nn.Dense(self.hidden)(coords)
        h = nn.BatchNorm(use_running_average=False, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


class PlacementSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def congestion(self, batch_stats, coords):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        score, updates = self.model.apply(variables, coords, mutable=["batch_stats"])
        return score, updates["batch_stats"]

    def stats_norm(self):
        stats = self.variables["batch_stats"]
        return sum(jnp.sum(v ** 2) for v in jax.tree.leaves(stats))


class PlacementTrainer:
    def __init__(self, session, config):
        self.session = session
        self.config = config

    def refine(self, coords):
        def body(carry, _):
            layout, stats = carry
            score, stats = self.session.congestion(stats, layout)
            grad = jax.grad(lambda c: jnp.sum(c ** 2))(layout)
            layout = layout - self.config.step_size * grad * jnp.tanh(score)[:, None]
            return (layout, stats), score.mean()

        start = (coords, self.session.variables["batch_stats"])
        (layout, stats), scores = jax.lax.scan(body, start, None, length=self.config.refine_steps)
        self.session.variables = {**self.session.variables, "batch_stats": stats}
        return layout, scores


def main():
    config = PlacerConfig()
    model = CongestionModel()
    coords = jax.random.uniform(jax.random.key(0), (config.num_macros, 2))
    variables = model.init(jax.random.key(1), coords)
    trainer = PlacementTrainer(PlacementSession(model, variables), config)
    layout, scores = trainer.refine(coords)
    drift = trainer.session.stats_norm()
    print("placement drift", float(drift), layout.shape, scores.shape)
    return None
