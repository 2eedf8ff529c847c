# label: ok
# flax-error: none
# class: 5 a factory make_decode_step returns the scan body, closing over the decoder; the scheduled-sampling key is split from the carry each step
"""Scheduled sampling: mixing teacher forcing and free running in a decoder.

At every step the decoder is fed either the ground-truth token (teacher
forcing) or its own previous prediction (free running), chosen per example
with probability p_teacher. A factory builds the scan step from the decoder;
the key travels in the scan carry and is split at every step. The per-step
teacher-forcing choices are returned.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class StepDecoder(nnx.Module):
    def __init__(self, vocab, hidden, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)

    def __call__(self, h, token):
        h, y = self.cell(h, self.embed(token))
        return h, self.head(y)


def make_decode_step(decoder, p_teacher):
    def step(carry, target):
        h, prev, key = carry
        key, sub = jax.random.split(key)
        h, logits = decoder(h, prev)
        use_teacher = jax.random.bernoulli(sub, p_teacher, target.shape)
        nxt = jnp.where(use_teacher, target, jnp.argmax(logits, axis=-1))
        return (h, nxt, key), use_teacher

    return step


def main():
    rngs = nnx.Rngs(params=0, schedule=1)
    decoder = StepDecoder(12, 16, rngs)
    batch, steps = 8, 6
    targets = jax.random.randint(jax.random.key(3), (steps, batch), 0, 12)
    h0 = jnp.zeros((batch, 16))
    start = jnp.zeros((batch,), jnp.int32)
    step = make_decode_step(decoder, p_teacher=0.5)
    _, used_teacher = jax.lax.scan(step, (h0, start, rngs.schedule()), targets)
    print("teacher forced fraction per step", used_teacher.mean(axis=1))
    return used_teacher
