# label: ok
# flax-error: none
# class: 3 the while_loop body of greedy_decode() reaches the prediction network through a helper, but the LSTM carry lives in the loop state and the modules are only read
"""RNN-Transducer greedy decoding in NNX, with the prediction-network state kept in the loop carry."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RNNTConfig:
    feat_dim: int = 8
    vocab: int = 6
    blank: int = 0
    hidden: int = 16
    max_symbols: int = 10


class PredictionNetwork(nnx.Module):
    def __init__(self, cfg, rngs):
        self.embed = nnx.Embed(cfg.vocab, cfg.hidden, rngs=rngs)
        self.cell = nnx.LSTMCell(cfg.hidden, cfg.hidden, rngs=rngs)

    def __call__(self, carry, token):
        return self.cell(carry, self.embed(token))


class Transducer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.encoder = nnx.Linear(cfg.feat_dim, cfg.hidden, rngs=rngs)
        self.predictor = PredictionNetwork(cfg, rngs)
        self.joint = nnx.Linear(cfg.hidden, cfg.vocab, rngs=rngs)

    def _advance(self, pred_state, token, emit):
        carry, out = pred_state
        new_carry, new_out = self.predictor(carry, token)
        keep = lambda n, o: jnp.where(emit, n, o)
        return jax.tree.map(keep, new_carry, carry), keep(new_out, out)

    def greedy_decode(self, frames):
        enc = jnp.tanh(self.encoder(frames))
        h = self.cfg.hidden
        pred_state = ((jnp.zeros(h), jnp.zeros(h)), jnp.zeros(h))

        def cond(state):
            t, n, _, _ = state
            return (t < enc.shape[0]) & (n < self.cfg.max_symbols)

        def body(state):
            t, n, tokens, pred_state = state
            token = jnp.argmax(self.joint(jnp.tanh(enc[t] + pred_state[1])))
            emit = token != self.cfg.blank
            pred_state = self._advance(pred_state, token, emit)
            tokens = jnp.where(emit, tokens.at[n].set(token), tokens)
            return jnp.where(emit, t, t + 1), n + emit.astype(jnp.int32), tokens, pred_state

        tokens = jnp.full((self.cfg.max_symbols,), -1)
        _, _, tokens, _ = jax.lax.while_loop(cond, body, (0, 0, tokens, pred_state))
        return tokens


def main():
    cfg = RNNTConfig()
    model = Transducer(cfg, nnx.Rngs(0))
    frames = jax.random.normal(jax.random.key(1), (9, cfg.feat_dim))
    tokens = model.greedy_decode(frames)
    tokens.block_until_ready()
    return None
