# label: ok
# flax-error: none
# class: 4 the decoder is split with nnx.split; its state (nnx.Cache included) is part of the raw lax.while_loop carry, merged in the body and written back with nnx.update
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
        graphdef, dec_state = nnx.split(self.decoder)

        def cond(state):
            t, _, _, done, _ = state
            return (t < MAX_LEN) & ~done.all()

        def body(state):
            t, seqs, scores, done, dec_state = state
            decoder = nnx.merge(graphdef, dec_state)
            logp = decoder(seqs[:, t])
            nxt = jnp.argmax(logp, -1)
            scores = scores + jnp.where(done, 0.0, logp.max(-1))
            return t + 1, seqs.at[:, t + 1].set(nxt), scores, done | (nxt == EOS), nnx.state(decoder)

        seqs = jnp.zeros((BEAMS, MAX_LEN + 1), jnp.int32).at[:, 0].set(bos)
        init = (0, seqs, jnp.zeros((BEAMS,)), jnp.zeros((BEAMS,), bool), dec_state)
        _, seqs, scores, _, dec_state = while_loop(cond, body, init)
        nnx.update(self.decoder, dec_state)
        return seqs[jnp.argmax(scores)]


def main():
    service = DecodingService(StepDecoder(8, rngs=nnx.Rngs(0)))
    service.generate(jnp.array([1, 2, 3, 4]))
    return None
