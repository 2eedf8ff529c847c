# label: same-values
# flax-error: none
# class: 1 nn.Dropout (deterministic=False) is called inside the raw jax.lax.scan body of a Linen method, so its make_rng is traced once
"""Elman RNN with per-step dropout, ported from a hand-written PyTorch cell (weights as explicit params)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutRNN(nn.Module):
    hidden: int = 32
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        w_ih = self.param("w_ih", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        b = self.param("b", nn.initializers.zeros, (self.hidden,))
        drop = nn.Dropout(rate=self.rate)

        def step(h, x):
            h = jnp.tanh(x @ w_ih + h @ w_hh + b)
            keep = drop(jnp.ones_like(h), deterministic=not train)
            h = h * keep
            return h, keep

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, masks = jax.lax.scan(step, h0, xs)
        return h, masks


def main():
    model = DropoutRNN()
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 3, 5))
    variables = model.init(jax.random.PRNGKey(1), xs, train=False)
    _, masks = model.apply(variables, xs, train=True, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks
