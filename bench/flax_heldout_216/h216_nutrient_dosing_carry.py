# label: ok
# flax-error: none
# class: 4 the DoseSession that the DosingController holds applies the model with mutable batch_stats, which the scan carries
"""Hydroponic nutrient dosing: a controller replays EC/pH sensor windows through the model and
adapts the normalisation statistics online, threading them through the scan carry."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class NutrientNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, reading, train: bool = False):
        h = nn.Dense(self.hidden)(reading)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        h = nn.relu(h)
        return nn.softplus(nn.Dense(3)(h))  # ml of part A, part B and pH-down


@dataclasses.dataclass
class DoseSession:
    model: nn.Module
    variables: dict

    def recommend(self, batch_stats, reading, adapt: bool):
        dose, updates = self.model.apply(
            {"params": self.variables["params"], "batch_stats": batch_stats},
            reading, train=adapt, mutable=["batch_stats"])
        return dose, updates["batch_stats"]

    def commit(self, batch_stats):
        self.variables = {**self.variables, "batch_stats": batch_stats}


class DosingController:
    def __init__(self, session: DoseSession, max_ml: float = 5.0):
        self.session = session
        self.max_ml = max_ml

    def replay(self, windows):
        def body(carry, window):
            total, stats = carry
            dose, stats = self.session.recommend(stats, window, adapt=True)
            dose = jnp.clip(dose, 0.0, self.max_ml)
            return (total + dose.sum(0), stats), dose.mean(0)

        init = (jnp.zeros(3), self.session.variables["batch_stats"])
        (total, stats), per_window = lax.scan(body, init, windows)
        self.session.commit(stats)
        return total, per_window


def main():
    windows = jax.random.normal(jax.random.PRNGKey(0), (6, 4, 5))
    model = NutrientNet()
    variables = model.init(jax.random.PRNGKey(1), windows[0])
    controller = DosingController(DoseSession(model, variables))
    total, _ = controller.replay(windows)
    jnp.asarray(total).block_until_ready()
    model.apply(controller.session.variables, windows[0])
    return None
