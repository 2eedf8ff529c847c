# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "carry" in "/predictor" because collection "decoder_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the prediction network keeps its LSTM carry in a 'decoder_state' collection and advances it from a helper inside the while_loop body of greedy_decode(); the transcriber applies without mutable
"""RNN-Transducer greedy decoding: an encoder over frames, a prediction network over emitted tokens, a joint."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class RNNTConfig:
    feat_dim: int = 8
    vocab: int = 6
    blank: int = 0
    hidden: int = 16
    max_symbols: int = 12


class PredictionNetwork(nn.Module):
    cfg: RNNTConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.hidden)
        self.cell = nn.LSTMCell(self.cfg.hidden)
        zeros = lambda: jnp.zeros((1, self.cfg.hidden))
        self.carry = self.variable("decoder_state", "carry", lambda: (zeros(), zeros()))
        self.output = self.variable("decoder_state", "output", zeros)

    def advance(self, token, emit):
        new_carry, out = self.cell(self.carry.value, self.embed(token[None]))
        keep = lambda new, old: jnp.where(emit, new, old)
        self.carry.value = jax.tree.map(keep, new_carry, self.carry.value)
        self.output.value = keep(out, self.output.value)


class Transducer(nn.Module):
    cfg: RNNTConfig

    def setup(self):
        self.encoder = nn.Sequential([nn.Dense(self.cfg.hidden), nn.tanh])
        self.predictor = PredictionNetwork(self.cfg)
        self.joint = nn.Dense(self.cfg.vocab)

    def _joint(self, enc_t):
        return self.joint(jnp.tanh(enc_t[None] + self.predictor.output.value))[0]

    def __call__(self, frames, token):
        enc = self.encoder(frames)
        logits = self._joint(enc[0])
        self.predictor.advance(token, True)
        return logits

    def greedy_decode(self, frames):
        enc = self.encoder(frames)
        tokens = jnp.full((self.cfg.max_symbols,), -1)

        def cond(state):
            t, n, _ = state
            return (t < enc.shape[0]) & (n < self.cfg.max_symbols)

        def body(state):
            t, n, tokens = state
            token = jnp.argmax(self._joint(enc[t]))
            emit = token != self.cfg.blank
            self.predictor.advance(token, emit)
            tokens = jnp.where(emit, tokens.at[n].set(token), tokens)
            return jnp.where(emit, t, t + 1), n + emit.astype(jnp.int32), tokens

        _, _, tokens = jax.lax.while_loop(cond, body, (0, 0, tokens))
        return tokens


class Transcriber:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def transcribe(self, frames):
        return self.model.apply(self.variables, frames, method=Transducer.greedy_decode)


def main():
    cfg = RNNTConfig()
    model = Transducer(cfg)
    frames = jax.random.normal(jax.random.key(0), (9, cfg.feat_dim))
    variables = model.init(jax.random.key(1), frames, jnp.array(cfg.blank))
    tokens = Transcriber(model, variables).transcribe(frames)
    tokens.block_until_ready()
    return None
