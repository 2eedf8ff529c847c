# label: same-values
# flax-error: none
# class: 5 a factory make_decode_step returns the scan body, closing over the decoder and the scheduled-sampling key
"""Scheduled sampling: mixing teacher forcing and free running in a decoder.

At every step the decoder is fed either the ground-truth token (teacher
forcing) or its own previous prediction (free running), chosen per example
with probability p_teacher. A factory builds the scan step from the decoder
and a key; the per-step teacher-forcing choices are returned.
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


def make_decode_step(decoder, key, p_teacher):
    def step(carry, target):
        h, prev = carry
        h, logits = decoder(h, prev)
        use_teacher = jax.random.bernoulli(key, p_teacher, target.shape)
        nxt = jnp.where(use_teacher, target, jnp.argmax(logits, axis=-1))
        return (h, nxt), use_teacher

    return step


def main():
    rngs = nnx.Rngs(params=0, schedule=1)
    decoder = StepDecoder(12, 16, rngs)
    batch, steps = 8, 6
    targets = jax.random.randint(jax.random.key(3), (steps, batch), 0, 12)
    h0 = jnp.zeros((batch, 16))
    start = jnp.zeros((batch,), jnp.int32)
    step = make_decode_step(decoder, rngs.schedule(), p_teacher=0.5)
    _, used_teacher = jax.lax.scan(step, (h0, start), targets)
    print("teacher forced fraction per step", used_teacher.mean(axis=1))
    return used_teacher
