# label: ok
# flax-error: none
# class: 5 make_alignment_step(model) nnx.splits the aligner and returns a step that carries the state through lax.scan, nnx.merges it and returns nnx.state of the merged aligner
"""Orchestral score-to-audio alignment with stochastic beam proposals.

The aligner proposes a soft alignment of each audio chunk to score bars; dropout on
the proposal head gives a different beam proposal per chunk.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

N_BARS = 8


class BarAligner(nnx.Module):
    def __init__(self, n_bins, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_bins, 24, rngs=rngs)
        self.proposal_drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(24, N_BARS, rngs=rngs)

    def __call__(self, chunk):
        return nnx.softmax(self.head(self.proposal_drop(nnx.gelu(self.encoder(chunk)))))


def make_alignment_step(model: BarAligner):
    graphdef, state = nnx.split(model)

    def step(carry, chunk):
        cursor, state = carry
        aligner = nnx.merge(graphdef, state)
        proposal = aligner(chunk)
        return (cursor + jnp.argmax(proposal), nnx.state(aligner)), proposal

    return step, state


class AlignmentSession:
    def __init__(self, model, step_factory=make_alignment_step):
        self.model = model
        self.step, self.state = step_factory(model)

    def align(self, chunks):
        start = (jnp.zeros((), jnp.int32), self.state)
        (_, self.state), proposals = lax.scan(self.step, start, chunks)
        nnx.update(self.model, self.state)
        return proposals


def main():
    model = BarAligner(n_bins=20, rngs=nnx.Rngs(params=0, dropout=1))
    chunk = jax.random.normal(jax.random.key(2), (20,))
    chunks = jnp.broadcast_to(chunk, (5, 20))  # a held note: the same chunk five times
    return AlignmentSession(model).align(chunks)
