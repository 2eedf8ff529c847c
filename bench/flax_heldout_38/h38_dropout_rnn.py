# label: same-values
# flax-error: none
# class: 1 an nn.Dropout submodule defined outside the raw lax.scan step draws its rng with make_rng inside the step, traced once, so the mask repeats
"""RNN with dropout on the recurrent state, ported from a PyTorch loop that calls
`F.dropout(h, p, training=True)` every step. The Dropout layer is created in the compact
method and called in the scanned step; main returns the per-step dropout masks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutRNN(nn.Module):
    hidden: int = 8
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        # xs: (time, batch, features)
        w_ih = self.param("w_ih", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.hidden, self.hidden))
        drop = nn.Dropout(self.rate, deterministic=not train)

        def step(h, x):
            mask = drop(jnp.ones_like(h))
            h = jnp.tanh(x @ w_ih + (h * mask) @ w_hh)
            return h, mask

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, masks = jax.lax.scan(step, h0, xs)
        return masks


def main():
    model = DropoutRNN()
    xs = jnp.ones((5, 3, 4))
    params = model.init(jax.random.PRNGKey(0), xs, train=False)["params"]
    masks = model.apply({"params": params}, xs, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
    return masks
