# label: ok
# flax-error: none
# class: 4 LoadService.recalibrate -> self.session.model.apply(..., mutable=["batch_stats"]) in the while_loop body, batch_stats carried and written back after
"""Ferry passenger load forecasting service: recalibrate normalisation on recent sailings.

The service walks the queued sailings with a while_loop; the BatchNorm statistics travel
in the loop state and are written back to the session after the loop.
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
        params = self.session.variables["params"]

        def cond(state):
            i, err, _ = state
            return (i < n) & (err > tolerance)

        def body(state):
            i, err, stats = state
            pred, updates = self.session.model.apply(
                {"params": params, "batch_stats": stats}, sailings[i], train=True, mutable=["batch_stats"]
            )
            return i + 1, jnp.abs(pred).mean(), updates["batch_stats"]

        init = (0, jnp.array(1.0), self.session.variables["batch_stats"])
        steps, err, stats = lax.while_loop(cond, body, init)
        self.session.variables = {"params": params, "batch_stats": stats}
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
