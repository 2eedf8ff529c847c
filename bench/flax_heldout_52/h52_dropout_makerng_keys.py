# label: ok
# flax-error: none
# class: 3 one make_rng key drawn before the raw scan, split per step and fed to the body as xs
"""Recurrent dropout on the hidden state, with one key per time step passed in as scan inputs."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutRNN(nn.Module):
    hidden: int = 32
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        proj = nn.Dense(self.hidden)(xs)
        keys = jax.random.split(self.make_rng("dropout"), xs.shape[0])

        def step(h, inp):
            x, key = inp
            keep = jax.random.bernoulli(key, 1.0 - self.rate, h.shape) / (1.0 - self.rate)
            h = jnp.tanh(x + h) * keep
            return h, keep

        h0 = jnp.zeros(proj.shape[1:])
        _, masks = jax.lax.scan(step, h0, (proj, keys))
        return masks


def main():
    model = DropoutRNN()
    xs = jnp.ones((5, 4, 3))
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    masks = model.apply(variables, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks
