# label: ok
# flax-error: none
# class: 2 params are a local bound before the loop; the fori_loop body applies the model purely with a dropout key fold_in'd from the step index
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class DropMLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.relu(nn.Dense(16)(x))
        x = nn.Dropout(0.5, deterministic=not train)(x)
        return nn.Dense(1)(x)


def main():
    model = DropMLP()
    x = jnp.ones((5, 3))
    params = model.init(jax.random.key(0), x, train=False)
    base = jax.random.key(123)
    n = 10

    def draw(i, buf):
        y = model.apply(params, x, train=True, rngs={"dropout": jax.random.fold_in(base, i)})
        return buf.at[i].set(y[:, 0])

    samples = fori_loop(0, n, draw, jnp.zeros((n, 5)))
    return samples
