# label: ok
# flax-error: none
# class: 3 the decoder's self._step method is the body of a raw scan; the attention weights leave the loop as scan outputs and are sown once after the scan
"""Seq2seq decoder with additive (Bahdanau) attention; attention maps are kept for plotting."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import linen as nn
from jax.lax import scan


class AdditiveAttention(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, query, memory):
        scores = nn.Dense(1, use_bias=False)(
            jnp.tanh(nn.Dense(self.dim)(memory) + nn.Dense(self.dim)(query)[:, None])
        )[..., 0]
        weights = nn.softmax(scores, axis=-1)
        return jnp.einsum("bt,btd->bd", weights, memory), weights


class AttnDecoder(nn.Module):
    vocab: int = 20
    dim: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = AdditiveAttention(self.dim)
        self.cell = nn.GRUCell(features=self.dim)
        self.out = nn.Dense(self.vocab)

    def _step(self, carry, y_prev):
        h, memory = carry
        ctx, weights = self.attn(h, memory)
        h, _ = self.cell(h, jnp.concatenate([self.embed(y_prev), ctx], -1))
        return (h, memory), (self.out(h), weights)

    def __call__(self, memory, targets):
        h0 = memory.mean(axis=1)
        if self.is_initializing():
            self._step((h0, memory), targets[:, 0])
        _, (logits, weights) = scan(self._step, (h0, memory), targets.T)
        self.sow("intermediates", "attention_weights", jnp.swapaxes(weights, 0, 1))
        return jnp.swapaxes(logits, 0, 1)


def main():
    memory = jax.random.normal(jax.random.key(0), (2, 9, 16))
    targets = jax.random.randint(jax.random.key(1), (2, 5), 0, 20)
    model = AttnDecoder()
    variables = model.init(jax.random.key(2), memory, targets)
    logits, state = model.apply(
        {"params": variables["params"]}, memory, targets, mutable=["intermediates"]
    )
    (maps,) = state["intermediates"]["attention_weights"]
    print(np.asarray(maps).round(2))
