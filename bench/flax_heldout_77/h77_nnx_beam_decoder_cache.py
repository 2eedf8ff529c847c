# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the decoder's nnx.Cache variables (hidden state, position) are written inside a raw lax.while_loop body run by the decoding service
"""Beam-search decoder (NNX) packaged as a service with a stateful decoding cache."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

VOCAB, BEAMS, MAX_LEN, EOS = 13, 4, 7, 0


class StepDecoder(nnx.Module):
    def __init__(self, hidden, *, rngs):
        self.embed = nnx.Embed(VOCAB, hidden, rngs=rngs)
        self.cell = nnx.Linear(2 * hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, VOCAB, rngs=rngs)
        self.hidden = nnx.Cache(jnp.zeros((BEAMS, hidden)))
        self.pos = nnx.Cache(jnp.zeros((), jnp.int32))

    def reset(self):
        self.hidden[...] = jnp.zeros_like(self.hidden[...])
        self.pos[...] = jnp.zeros((), jnp.int32)

    def __call__(self, tokens):
        h = jnp.tanh(self.cell(jnp.concatenate([self.embed(tokens), self.hidden[...]], -1)))
        self.hidden[...] = h
        self.pos[...] += 1
        return jax.nn.log_softmax(self.out(h))


class DecodingService:
    def __init__(self, decoder):
        self.decoder = decoder

    def generate(self, bos):
        self.decoder.reset()

        def cond(state):
            t, _, _, done = state
            return (t < MAX_LEN) & ~done.all()

        def body(state):
            t, seqs, scores, done = state
            logp = self.decoder(seqs[:, t])
            nxt = jnp.argmax(logp, -1)
            scores = scores + jnp.where(done, 0.0, logp.max(-1))
            return t + 1, seqs.at[:, t + 1].set(nxt), scores, done | (nxt == EOS)

        seqs = jnp.zeros((BEAMS, MAX_LEN + 1), jnp.int32).at[:, 0].set(bos)
        _, seqs, scores, _ = while_loop(cond, body, (0, seqs, jnp.zeros((BEAMS,)), jnp.zeros((BEAMS,), bool)))
        return seqs[jnp.argmax(scores)]


def main():
    service = DecodingService(StepDecoder(8, rngs=nnx.Rngs(0)))
    service.generate(jnp.array([1, 2, 3, 4]))
    return None
