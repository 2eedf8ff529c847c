# label: ok
# flax-error: none
# class: 4 ChordBeamSearch.session.decoder enters the while_loop as nnx.split state in the loop state, is merged in the body and written back with nnx.update
"""Beam search over candidate chord progressions with an NNX decoder that keeps its recurrent cache as a Variable."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DecodeCache(nnx.Variable):
    """Decoding state, kept apart from the parameters."""


@dataclasses.dataclass(frozen=True)
class SearchConfig:
    beam_size: int = 3
    max_len: int = 8
    vocab: int = 10
    hidden: int = 16


class ChordDecoder(nnx.Module):
    def __init__(self, cfg: SearchConfig, rngs: nnx.Rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.hidden, rngs=rngs)
        self.cell = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.readout = nnx.Linear(cfg.hidden, cfg.vocab, rngs=rngs)
        self.cache = DecodeCache(jnp.zeros((cfg.beam_size, cfg.hidden)))

    def step(self, tokens):
        h = jnp.tanh(self.cell(self.cache.value) + self.embed(tokens))
        self.cache.value = h
        return jax.nn.log_softmax(self.readout(h))

    def reorder(self, parents):
        self.cache.value = self.cache.value[parents]


class DecoderSession:
    def __init__(self, decoder: ChordDecoder):
        self.decoder = decoder


class ChordBeamSearch:
    def __init__(self, session: DecoderSession, cfg: SearchConfig):
        self.session = session
        self.cfg = cfg

    def search(self, start_token: int):
        cfg = self.cfg

        def unfinished(state):
            return state[0] < cfg.max_len

        graphdef, decoder_state = nnx.split(self.session.decoder)

        def grow(state):
            i, tokens, scores, seqs, decoder_state = state
            decoder = nnx.merge(graphdef, decoder_state)
            total = scores[:, None] + decoder.step(tokens)
            best, idx = jax.lax.top_k(total.reshape(-1), cfg.beam_size)
            parents, tokens = idx // cfg.vocab, idx % cfg.vocab
            decoder.reorder(parents)
            return i + 1, tokens, best, seqs[parents].at[:, i].set(tokens), nnx.state(decoder)

        tokens = jnp.full((cfg.beam_size,), start_token, jnp.int32)
        scores = jnp.full((cfg.beam_size,), -jnp.inf).at[0].set(0.0)
        seqs = jnp.zeros((cfg.beam_size, cfg.max_len), jnp.int32)
        state = (0, tokens, scores, seqs, decoder_state)
        _, _, scores, seqs, decoder_state = jax.lax.while_loop(unfinished, grow, state)
        nnx.update(self.session.decoder, decoder_state)
        return seqs, scores


def main():
    cfg = SearchConfig()
    search = ChordBeamSearch(DecoderSession(ChordDecoder(cfg, nnx.Rngs(0))), cfg)
    seqs, scores = search.search(start_token=0)
    print("best progression", seqs[jnp.argmax(scores)])
    return None
