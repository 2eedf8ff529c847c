# label: ok
# flax-error: none
# class: 4 ScheduleBuilder().with_model(m).with_vars(v).with_config(cfg).build() returns a Scheduler whose while_loop body applies self._model with self._vars and train=self._cfg.train, built with PlannerConfig(train=False) so BatchNorm only reads its running averages
"""Ferry operations: vehicle-deck load prediction for the sailings of one day."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class PlannerConfig:
    max_sailings: int = 6
    deck_capacity: float = 40.0
    train: bool = True


class LoadNet(nn.Module):
    @nn.compact
    def __call__(self, demand, train: bool):
        h = nn.Dense(8)(demand)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


class Scheduler:
    def __init__(self, model, variables, cfg):
        self._model, self._vars, self._cfg = model, variables, cfg

    def plan(self, demand):  # [sailings, routes, features]
        def cond(carry):
            return carry[0] < self._cfg.max_sailings

        def body(carry):
            i, carried = carry
            load = self._model.apply(self._vars, demand[i], train=self._cfg.train)
            return i + 1, carried + jnp.minimum(load.sum(), self._cfg.deck_capacity)

        return lax.while_loop(cond, body, (0, jnp.zeros(())))[1]


class ScheduleBuilder:
    def __init__(self):
        self._model = self._vars = None
        self._cfg = PlannerConfig()

    def with_model(self, model):
        self._model = model
        return self

    def with_vars(self, variables):
        self._vars = variables
        return self

    def with_config(self, cfg):
        self._cfg = cfg
        return self

    def build(self):
        return Scheduler(self._model, self._vars, self._cfg)


def main():
    demand = jnp.abs(jnp.sin(jnp.arange(6 * 2 * 4, dtype=jnp.float32))).reshape(6, 2, 4)
    model = LoadNet()
    variables = model.init(jax.random.key(0), demand[0], train=False)
    cfg = PlannerConfig(train=False)
    scheduler = ScheduleBuilder().with_model(model).with_vars(variables).with_config(cfg).build()
    _ = float(scheduler.plan(demand))
    return None
