# label: ok
# flax-error: none
# class: 5 make_gust_step is a factory returning a step function that closes over model.apply, the params and a base dropout key that it folds the cycle index into; a generic Runner parametrised by (init_fn, cond_fn, step_fn) drives it with lax.while_loop
"""Wind-tunnel gust generator: an MC-dropout surrogate proposes vane deflections for each
gust cycle; a generic Runner drives any (init, cond, step) triple with a while_loop."""
from typing import Callable, Generic, TypeVar

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

S = TypeVar("S")


class VaneSurrogate(nn.Module):
    @nn.compact
    def __call__(self, target, deterministic: bool):
        h = nn.tanh(nn.Dense(24)(target))
        h = nn.Dropout(0.25)(h, deterministic=deterministic)
        return nn.Dense(4)(h)  # four vane angles


class Runner(Generic[S]):
    def __init__(self, init_fn: Callable[[], S], cond_fn: Callable[[S], bool], step_fn: Callable[[S], S]):
        self.init_fn = init_fn
        self.cond_fn = cond_fn
        self.step_fn = step_fn

    def run(self) -> S:
        return while_loop(self.cond_fn, self.step_fn, self.init_fn())


def make_gust_step(model, params, key, target):
    def step(state):
        i, vanes = state
        proposal = model.apply({"params": params}, target, deterministic=False, rngs={"dropout": jax.random.fold_in(key, i)})
        return i + 1, vanes.at[i].set(proposal)
    return step


def main():
    cycles = 5
    target = jnp.array([0.3, -0.1, 0.8])  # gust amplitude, phase, frequency
    model = VaneSurrogate()
    params = model.init(jax.random.key(0), target, deterministic=True)["params"]
    runner = Runner(
        init_fn=lambda: (0, jnp.zeros((cycles, 4))),
        cond_fn=lambda state: state[0] < cycles,
        step_fn=make_gust_step(model, params, jax.random.key(42), target),
    )
    _, vanes = runner.run()
    return vanes  # (cycle, vane)
