# label: ok
# flax-error: none
# class: 4 functools.partial(decode_step, attention, cell) run by the scan_steps loop helper; entropies leave the raw lax.scan body as ys and are sown after the loop
# modelled on: google/flax examples/seq2seq / Ranapop/flax examples/cfq models.py (MlpAttention decoder) and google/flax#5073 Fixed nnx.scan with carry as pytree and sow
"""Attention GRU decoder that records per-step attention entropy for monitoring."""

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

HIDDEN, SRC_LEN, TGT_LEN, BATCH = 8, 5, 4, 2


def scan_steps(step_fn, carry, xs_batch_major):
    """Shared time-major loop helper used by the decoders."""
    return jax.lax.scan(step_fn, carry, jnp.swapaxes(xs_batch_major, 0, 1))


class Attention(nn.Module):
    @nn.compact
    def __call__(self, query, memory):
        q = nn.Dense(HIDDEN, name="query")(query)
        weights = jax.nn.softmax(jnp.einsum("bh,bsh->bs", q, memory), axis=-1)
        entropy = -jnp.sum(weights * jnp.log(weights + 1e-9), axis=-1)
        return jnp.einsum("bs,bsh->bh", weights, memory), entropy


def decode_step(attention, cell, memory, h, y_t):
    context, entropy = attention(h, memory)
    h, out = cell(h, jnp.concatenate([y_t, context], axis=-1))
    return h, (out, entropy)


class AttentionDecoder(nn.Module):
    @nn.compact
    def __call__(self, memory, targets):
        attention = Attention(name="attention")
        cell = nn.GRUCell(HIDDEN, name="cell")
        h0 = jnp.zeros((memory.shape[0], HIDDEN))
        step = functools.partial(decode_step, attention, cell, memory)
        if self.is_initializing():
            step(h0, targets[:, 0])
        h, (outs, entropies) = scan_steps(step, h0, targets)
        self.sow("intermediates", "attention_entropy", entropies)
        return nn.Dense(3, name="proj")(jnp.swapaxes(outs, 0, 1))


def main():
    memory = jax.random.normal(jax.random.key(0), (BATCH, SRC_LEN, HIDDEN))
    targets = jax.random.normal(jax.random.key(1), (BATCH, TGT_LEN, 3))
    model = AttentionDecoder()
    params = model.init(jax.random.key(2), memory, targets)["params"]
    logits, state = model.apply({"params": params}, memory, targets, mutable=["intermediates"])
    entropies = jnp.stack(state["intermediates"]["attention_entropy"])
    print("logits", logits.shape, "mean attention entropy", entropies.mean())
    return None
