# label: ok
# flax-error: none
# class: 3 the hidden states leave the raw lax.scan as ys and are sown once after the loop
"""LSTM tagger that records its hidden states with sow so they can be plotted after apply."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class LSTMTagger(nn.Module):
    hidden: int = 16
    num_tags: int = 4

    def setup(self):
        self.cell = nn.OptimizedLSTMCell(self.hidden)
        self.head = nn.Dense(self.num_tags)

    def step(self, carry, x):
        carry, h = self.cell(carry, x)
        return carry, (self.head(h), h)

    def __call__(self, xs):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        _, (logits, hs) = lax.scan(self.step, carry, xs)
        self.sow("intermediates", "hidden", hs)
        return logits


def main():
    model = LSTMTagger()
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 2, 8))
    carry0 = nn.OptimizedLSTMCell(16).initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
    variables = model.init(jax.random.PRNGKey(1), carry0, xs[0], method=LSTMTagger.step)
    params = {"params": variables["params"]}
    logits, state = model.apply(params, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    mean_activation = jnp.abs(hidden).mean()
    mean_activation.block_until_ready()
    return None
