# label: ok
# flax-error: none
# class: 3 one dropout key per step is split before the raw lax.scan and passed in xs; the step hands it to nn.Dropout via rng=
"""RNN with dropout on the recurrent state: the dropout rng is split into one key per
step before the scan, the keys are scanned over with the inputs, and each step passes its
key to the Dropout layer. main returns the per-step dropout masks."""
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
        keys = jax.random.split(self.make_rng("dropout"), xs.shape[0])

        def step(h, inputs):
            x, key = inputs
            mask = drop(jnp.ones_like(h), rng=key)
            h = jnp.tanh(x @ w_ih + (h * mask) @ w_hh)
            return h, mask

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, masks = jax.lax.scan(step, h0, (xs, keys))
        return masks


def main():
    model = DropoutRNN()
    xs = jnp.ones((5, 3, 4))
    params = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(2)}, xs, train=False)["params"]
    masks = model.apply({"params": params}, xs, train=True, rngs={"dropout": jax.random.PRNGKey(1)})
    return masks
