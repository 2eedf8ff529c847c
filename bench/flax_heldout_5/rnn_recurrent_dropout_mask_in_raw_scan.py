# label: same-values
# flax-error: none
# class: 2 Elman RNN applies a setup nn.Dropout to its hidden state inside a raw lax.scan body; the mask drawn at trace time repeats every step
"""Recurrent dropout on the hidden state (the "drop the recurrent connection" variant used
in some nlp_seq-style taggers). The recurrence weights are plain self.param arrays; the
Dropout submodule lives in setup and is called from the scan body."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 16
    rate: float = 0.5

    def setup(self):
        self.w_in = self.param("w_in", nn.initializers.lecun_normal(), (8, self.hidden))
        self.w_rec = self.param("w_rec", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        self.drop = nn.Dropout(self.rate)

    def __call__(self, xs, train: bool = True):
        # xs: [time, batch, 8]
        def body(h, x_t):
            mask = self.drop(jnp.ones_like(h), deterministic=not train)
            h = jnp.tanh(x_t @ self.w_in + (h * mask) @ self.w_rec)
            return h, (h, mask)

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, (hs, masks) = jax.lax.scan(body, h0, xs)
        return hs, masks


def main():
    model = ElmanRNN()
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 2, 8))
    variables = model.init(jax.random.PRNGKey(1), xs, train=False)
    hs, masks = model.apply(variables, xs, train=True, rngs={"dropout": jax.random.PRNGKey(3)})
    return masks
