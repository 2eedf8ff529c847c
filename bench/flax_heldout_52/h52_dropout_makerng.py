# label: same-values
# flax-error: none
# class: 1 nn.Dropout (self.make_rng('dropout')) called inside the raw scan body, so the traced key is the same every step
"""Recurrent dropout on the hidden state: 'why is my dropout mask identical at every time step?'"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutRNN(nn.Module):
    hidden: int = 32
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        proj = nn.Dense(self.hidden)(xs)  # (T, B, H), params created outside the loop
        drop = nn.Dropout(self.rate, deterministic=not train)

        def step(h, x):
            keep = drop(jnp.ones_like(h))
            h = jnp.tanh(x + h) * keep
            return h, keep

        h0 = jnp.zeros(proj.shape[1:])
        _, masks = jax.lax.scan(step, h0, proj)
        return masks


def main():
    model = DropoutRNN()
    xs = jnp.ones((5, 4, 3))
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    masks = model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks
