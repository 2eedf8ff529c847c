# label: same-values
# flax-error: none
# class: 5 make_crosswind_step (a factory) takes one key from the rngs.gust() stream and returns functools.partial(_crosswind_step, model, key); the while_loop body calls it for every scenario
"""Dog-sled racing: crosswind scenarios for the exposed coastal section of the trail.

The strategy service builds its scenario step with a factory, the same way it builds steps for
the other race sections, and fills a buffer with one heading correction per scenario.
"""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class HeadingModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(3, 2, rngs=rngs)

    def __call__(self, wind):
        return nnx.tanh(self.lin(wind))  # (heading correction, speed loss)


def _crosswind_step(model, key, base_wind):
    gust = jax.random.normal(key, base_wind.shape) * jnp.array([4.0, 4.0, 1.0])
    return model(base_wind + gust)


def make_crosswind_step(model: HeadingModel, rngs: nnx.Rngs):
    key = rngs.gust()
    return functools.partial(_crosswind_step, model, key)


class ScenarioService:
    def __init__(self, n_scenarios: int, seed: int):
        self.n = n_scenarios
        self.model = HeadingModel(rngs=nnx.Rngs(seed))
        self.step = make_crosswind_step(self.model, nnx.Rngs(gust=seed + 1))

    def scenarios(self, base_wind):
        def pending(state):
            return state[0] < self.n

        def one(state):
            i, out = state
            return i + 1, out.at[i].set(self.step(base_wind))

        _, out = while_loop(pending, one, (0, jnp.zeros((self.n, 2))))
        return out


def main():
    base_wind = jnp.array([12.0, -3.0, 0.5])  # m/s east, m/s north, gust factor
    out = ScenarioService(n_scenarios=6, seed=0).scenarios(base_wind)
    print("heading corrections", out[:, 0])
    return out


if __name__ == "__main__":
    main()
