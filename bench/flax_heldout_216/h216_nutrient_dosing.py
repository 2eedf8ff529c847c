# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a model.bind(variables) kept by a DoseSession that the DosingController holds, called in training mode in the scan body
"""Hydroponic nutrient dosing: a controller replays EC/pH sensor windows through a bound model
and adapts the normalisation statistics online."""
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
    bound: nn.Module = dataclasses.field(init=False)

    def __post_init__(self):
        self.bound = self.model.bind(self.variables)

    def recommend(self, reading, adapt: bool):
        return self.bound(reading, train=adapt)


class DosingController:
    def __init__(self, session: DoseSession, max_ml: float = 5.0):
        self.session = session
        self.max_ml = max_ml

    def replay(self, windows):
        def body(total, window):
            dose = self.session.recommend(window, adapt=True)
            dose = jnp.clip(dose, 0.0, self.max_ml)
            return total + dose.sum(0), dose.mean(0)

        total, per_window = lax.scan(body, jnp.zeros(3), windows)
        return total, per_window


def main():
    windows = jax.random.normal(jax.random.PRNGKey(0), (6, 4, 5))
    model = NutrientNet()
    variables = model.init(jax.random.PRNGKey(1), windows[0])
    controller = DosingController(DoseSession(model, variables))
    total, _ = controller.replay(windows)
    jnp.asarray(total).block_until_ready()
    return None
