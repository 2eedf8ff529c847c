# label: ok
# flax-error: none
# class: 3 one dropout key is drawn with self.make_rng before the raw jax.lax.scan and folded with the step index passed as xs
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
        base_key = self.make_rng("dropout") if train else None

        def step(h, t):
            x = xs[t]
            h = jnp.tanh(x @ w_ih + h @ w_hh + b)
            rng = jax.random.fold_in(base_key, t) if train else None
            keep = drop(jnp.ones_like(h), deterministic=not train, rng=rng)
            h = h * keep
            return h, keep

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, masks = jax.lax.scan(step, h0, jnp.arange(xs.shape[0]))
        return h, masks


def main():
    model = DropoutRNN()
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 3, 5))
    variables = model.init(jax.random.PRNGKey(1), xs, train=False)
    _, masks = model.apply(variables, xs, train=True, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks
