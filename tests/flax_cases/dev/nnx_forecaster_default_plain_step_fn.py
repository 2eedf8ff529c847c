# label: ok
# flax-error: none
# class: 3 a Forecaster stores the `step_fn` its `__init__` defaults to, a plain function; the scan body of `rollout` calls it with the stored model, which it only reads
import jax
import jax.numpy as jnp
from flax import nnx


class Surrogate(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encode = nnx.Linear(5, 16, rngs=rngs)
        self.decode = nnx.Linear(16, 5, rngs=rngs)

    def __call__(self, state):
        return state + 0.1 * self.decode(nnx.gelu(self.encode(state)))


def advance(model, state):
    return model(state)


class Forecaster:
    def __init__(self, model, step_fn=advance, horizon: int = 4):
        self.model = model
        self.step_fn = step_fn
        self.horizon = horizon

    def rollout(self, state0):
        def step(state, _):
            state = self.step_fn(self.model, state)
            return state, state

        return jax.lax.scan(step, state0, None, length=self.horizon)


def main():
    forecaster = Forecaster(Surrogate(nnx.Rngs(0)))
    forecaster.rollout(jnp.ones((2, 5)))
