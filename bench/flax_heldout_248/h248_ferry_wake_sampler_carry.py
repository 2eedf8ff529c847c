# label: ok
# flax-error: none
# class: 3 the sampler's dropout_key attribute enters the while_loop carry, is split at every step and stored back after the loop
"""Monte Carlo wake samples behind a river ferry, from a dropout-regularised model."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class WakeModel(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, hull, train: bool = False):
        h = nn.tanh(nn.Dense(self.width, name="hull")(hull))
        return nn.Dropout(0.3, deterministic=not train)(h + 1.0)


class WakeSampler:
    def __init__(self, model: WakeModel, variables, seed: int):
        self.model = model
        self.variables = variables
        self.dropout_key = jax.random.key(seed)

    def sample(self, hull, n: int):
        width = self.model.width

        def more(state):
            return state[0] < n

        def draw(state):
            i, key, out = state
            key, step_key = jax.random.split(key)
            wake = self.model.apply(self.variables, hull, train=True, rngs={"dropout": step_key})
            return i + 1, key, out.at[i].set(wake)

        _, self.dropout_key, out = jax.lax.while_loop(
            more, draw, (0, self.dropout_key, jnp.zeros((n, width)))
        )
        return out


def main():
    hull = jnp.array([1.0, 0.4, -0.2, 0.6], dtype=jnp.float32)
    model = WakeModel()
    variables = model.init(jax.random.key(1), hull)
    sampler = WakeSampler(model, variables, seed=12)
    return sampler.sample(hull, n=5)
