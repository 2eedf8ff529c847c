# label: ok
# flax-error: none
# class: 1 Monte Carlo dropout done right: the scan body calls model.apply with rngs={"dropout": fold_in(key, i)} for each sample index
import jax
import jax.numpy as jnp
import flax.linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.relu(nn.Dense(16)(x))
        x = nn.Dropout(0.5, deterministic=not train)(x)
        return nn.Dense(1)(x)


def main():
    model = MLP()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.key(0), x, train=False)
    key = jax.random.key(1)

    def body(carry, i):
        y = model.apply(variables, x, train=True, rngs={"dropout": jax.random.fold_in(key, i)})
        return carry, y

    _, ys = jax.lax.scan(body, None, jnp.arange(6))
    return ys
