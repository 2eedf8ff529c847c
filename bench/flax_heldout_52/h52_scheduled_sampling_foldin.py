# label: ok
# flax-error: none
# class: 3 one make_rng key drawn before the raw scan, folded in with the step index that comes in as xs
"""Scheduled sampling in a Linen decoder, the coin key folded with the time step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Decoder(nn.Module):
    vocab: int = 12
    hidden: int = 16
    sampling_prob: float = 0.5

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.vocab)

    def __call__(self, h0, targets):  # (T, B)
        h, out = self.cell(h0, self.embed(targets[0]))
        pred0 = jnp.argmax(self.head(out), -1)
        base_key = self.make_rng("sampling")

        def step(carry, inp):
            h, prev_pred = carry
            t, gold = inp
            key = jax.random.fold_in(base_key, t)
            use_model = jax.random.bernoulli(key, self.sampling_prob, gold.shape)
            tok = jnp.where(use_model, prev_pred, gold)
            h, out = self.cell(h, self.embed(tok))
            return (h, jnp.argmax(self.head(out), -1)), use_model

        steps = jnp.arange(1, targets.shape[0])
        _, coins = jax.lax.scan(step, (h, pred0), (steps, targets[1:]))
        return coins


def main():
    model = Decoder()
    targets = jnp.zeros((7, 16), jnp.int32)
    h0 = jnp.zeros((16, 16))
    rngs = {"params": jax.random.PRNGKey(0), "sampling": jax.random.PRNGKey(1)}
    variables = model.init(rngs, h0, targets)
    coins = model.apply(variables, h0, targets, rngs={"sampling": jax.random.PRNGKey(2)})
    return coins
