# label: ok
# flax-error: none
# class: 3 decoder cell initialised once outside, cell.apply(params, ...) called in the scan body with the hidden state as carry
"""Seq2seq translation decoder trained with teacher forcing; after the maintainer's advice the
module is a single step and the time loop lives outside it, calling apply in jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DecoderStep(nn.Module):
    vocab: int = 32
    hidden: int = 16

    @nn.compact
    def __call__(self, h, tok):
        x = nn.Embed(self.vocab, self.hidden)(tok)
        h, y = nn.GRUCell(features=self.hidden)(h, x)
        return h, nn.Dense(self.vocab)(y)


def main():
    dec = DecoderStep()
    enc_state = jnp.zeros((4, 16))
    targets = jnp.ones((4, 7), jnp.int32)
    params = dec.init(jax.random.PRNGKey(0), enc_state, targets[:, 0])["params"]

    def step(h, tok):
        h, logits = dec.apply({"params": params}, h, tok)
        return h, logits

    _, logits = jax.lax.scan(step, enc_state, targets.T)
    loss = -jnp.mean(jax.nn.log_softmax(logits)[..., 1])
    print(loss)
    return None
