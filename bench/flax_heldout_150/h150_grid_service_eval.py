# label: ok
# flax-error: none
# class: 4 a LoadForecastService holds a pool of Sessions, each with model.bind(variables, mutable=['batch_stats']); the while_loop body calls sessions[0].bound in eval mode (running stats only read) and the stats are read after the loop
"""Power-grid load forecasting service: a pool of sessions scores substations until a budget is used."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class LoadForecaster(nn.Module):
    @nn.compact
    def __call__(self, feeders, train: bool):
        h = nn.Dense(8)(feeders)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


@dataclass
class Session:
    bound: nn.Module
    train: bool
    served: int = 0


@dataclass
class LoadForecastService:
    sessions: list = field(default_factory=list)

    def open_sessions(self, model, variables, n, train):
        for _ in range(n):
            self.sessions.append(Session(model.bind(variables, mutable=["batch_stats"]), train))

    def score_until(self, substations, budget):
        session = self.sessions[0]

        def cond(state):
            i, load = state
            return jnp.logical_and(i < substations.shape[0], load < budget)

        def body(state):
            i, load = state
            forecast = session.bound(substations[i], train=session.train)
            return i + 1, load + jnp.sum(forecast)

        return while_loop(cond, body, (0, jnp.float32(0.0)))

    def health(self):
        stats = self.sessions[0].bound.variables["batch_stats"]
        return jax.tree.map(lambda a: jnp.all(jnp.isfinite(a)), stats)


def main():
    model = LoadForecaster()
    substations = jax.random.normal(jax.random.key(0), (6, 5, 4))
    variables = model.init(jax.random.key(1), substations[0], train=False)
    service = LoadForecastService()
    service.open_sessions(model, variables, n=2, train=False)
    service.score_until(substations, budget=100.0)
    jax.block_until_ready(service.health())
    return None
