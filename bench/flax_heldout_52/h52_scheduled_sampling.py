# label: same-values
# flax-error: none
# class: 1 self.make_rng('sampling') for the scheduled-sampling coin is called inside the raw scan body
"""Scheduled sampling (Bengio et al.) in a Linen decoder: each step flips a coin between gold and predicted token."""
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
        # first step with the gold token, outside the loop
        h, out = self.cell(h0, self.embed(targets[0]))
        pred0 = jnp.argmax(self.head(out), -1)

        def step(carry, gold):
            h, prev_pred = carry
            use_model = jax.random.bernoulli(self.make_rng("sampling"), self.sampling_prob, gold.shape)
            tok = jnp.where(use_model, prev_pred, gold)
            h, out = self.cell(h, self.embed(tok))
            return (h, jnp.argmax(self.head(out), -1)), use_model

        _, coins = jax.lax.scan(step, (h, pred0), targets[1:])
        return coins


def main():
    model = Decoder()
    targets = jnp.zeros((7, 16), jnp.int32)
    h0 = jnp.zeros((16, 16))
    rngs = {"params": jax.random.PRNGKey(0), "sampling": jax.random.PRNGKey(1)}
    variables = model.init(rngs, h0, targets)
    coins = model.apply(variables, h0, targets, rngs={"sampling": jax.random.PRNGKey(2)})
    return coins
