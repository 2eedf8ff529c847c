# label: ok
# flax-error: none
# class: 3 the fori_loop body calls self.policy, an attribute of the Dispatcher holding model.bind(variables), with BatchNorm reading its running averages
"""Elevator group dispatcher: a small policy net scores which car should answer each
hall call; the dispatcher replays a shift of calls through a fori_loop using the
running averages learned offline."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class DispatchConfig:
    cars: int = 4
    adapt_statistics: bool = False
    travel_penalty: float = 0.1


class CarScorer(nn.Module):
    cars: int

    @nn.compact
    def __call__(self, calls, train: bool = False):
        h = nn.Dense(16)(calls)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(self.cars)(nn.relu(h))


class Dispatcher:
    def __init__(self, config, model, variables):
        self.config = config
        self.policy = model.bind(variables)

    def assign(self, calls):
        scores = self.policy(calls, train=self.config.adapt_statistics)
        return jnp.argmax(scores, axis=-1)

    def replay_shift(self, shift):
        n_steps = shift.shape[0]

        def dispatch(t, load):
            cars = self.assign(shift[t])
            return load + jax.nn.one_hot(cars, self.config.cars).sum(axis=0)

        return lax.fori_loop(0, n_steps, dispatch, jnp.zeros(self.config.cars))


def main():
    config = DispatchConfig()
    model = CarScorer(config.cars)
    variables = model.init(jax.random.key(0), jnp.zeros((8, 5)))
    dispatcher = Dispatcher(config, model, variables)
    shift = jax.random.uniform(jax.random.key(1), (20, 8, 5))
    load = dispatcher.replay_shift(shift)
    load.block_until_ready()
    return None
