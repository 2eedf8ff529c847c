# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 LoadService.recalibrate -> self.session.model.apply(self.session.variables, train=True) in the while_loop body, batch_stats not mutable
"""Ferry passenger load forecasting service: recalibrate normalisation on recent sailings.

The service walks the queued sailings with a while_loop and runs the model in train mode
so the BatchNorm statistics follow the new traffic.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class LoadForecaster(nn.Module):
    @nn.compact
    def __call__(self, sailing, train: bool = False):
        h = nn.Dense(16)(sailing)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


@dataclass
class Session:
    route: str
    model: nn.Module
    variables: dict


class LoadService:
    def __init__(self, session):
        self.session = session

    def recalibrate(self, sailings, tolerance=1e-3):
        n = sailings.shape[0]

        def cond(state):
            i, err = state
            return (i < n) & (err > tolerance)

        def body(state):
            i, err = state
            pred = self.session.model.apply(self.session.variables, sailings[i], train=True)
            return i + 1, jnp.abs(pred).mean()

        steps, err = lax.while_loop(cond, body, (0, jnp.array(1.0)))
        return steps, err


def main():
    # vehicles booked, foot passengers, weather, weekday, hour
    sailings = jax.random.normal(jax.random.key(5), (6, 12, 5))
    model = LoadForecaster()
    variables = model.init(jax.random.key(0), sailings[0])
    service = LoadService(Session("harbour-island", model, variables))
    steps, err = service.recalibrate(sailings)
    print(int(steps), float(err))
    return None
