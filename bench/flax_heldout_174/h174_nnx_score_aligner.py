# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_alignment_step(model) nnx.splits the aligner and returns a step that nnx.merges the closed-over state on every lax.scan step; its Dropout draws from the merged Rngs
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

    def step(cursor, chunk):
        aligner = nnx.merge(graphdef, state)
        proposal = aligner(chunk)
        return cursor + jnp.argmax(proposal), proposal

    return step


class AlignmentSession:
    def __init__(self, model, step_factory=make_alignment_step):
        self.step = step_factory(model)

    def align(self, chunks):
        _, proposals = lax.scan(self.step, jnp.zeros((), jnp.int32), chunks)
        return proposals


def main():
    model = BarAligner(n_bins=20, rngs=nnx.Rngs(params=0, dropout=1))
    chunk = jax.random.normal(jax.random.key(2), (20,))
    chunks = jnp.broadcast_to(chunk, (5, 20))  # a held note: the same chunk five times
    return AlignmentSession(model).align(chunks)
