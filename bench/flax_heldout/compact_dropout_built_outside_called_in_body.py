# label: same-values
# flax-error: none
# class: 4 nn.Dropout built once in the compact method (not deterministic) and called in the body
import flax.linen as nn
import jax
import jax.numpy as jnp


class ZoneoutRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        drop = nn.Dropout(0.3, deterministic=False)
        cell = nn.Dense(self.hidden)
        h0 = cell(xs[0])

        def step(h, x):
            keep = drop(jnp.ones_like(h))
            h = keep * jnp.tanh(cell(h) + x) + (1 - keep) * h
            return h, keep

        _, keeps = jax.lax.scan(step, h0, xs)
        return keeps


def main():
    xs = jnp.ones((5, 2, 8))
    model = ZoneoutRNN()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    return model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(3)})
