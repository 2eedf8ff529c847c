# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "prev_token" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 evaluator calls apply(method=greedy_decode); the while_loop body's _emit helper writes the 'cache' prev_token variable
"""CTC acoustic model with greedy (best-path) decoding.

Frames are encoded by a small convolutional front end; decoding walks the
frames with a while loop, collapsing repeats and dropping blanks.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

BLANK = 0


@dataclasses.dataclass(frozen=True)
class CTCConfig:
    n_feats: int = 8
    vocab: int = 6
    hidden: int = 16
    batch: int = 3


class AcousticModel(nn.Module):
    cfg: CTCConfig

    def setup(self):
        self.conv = nn.Conv(self.cfg.hidden, kernel_size=(3,))
        self.proj = nn.Dense(self.cfg.vocab)
        self.prev_token = self.variable("cache", "prev_token", jnp.full, (self.cfg.batch,), BLANK)

    def __call__(self, feats):
        return self.proj(nn.gelu(self.conv(feats)))

    def _emit(self, logits_t):
        tok = jnp.argmax(logits_t, -1)
        emit = (tok != self.prev_token.value) & (tok != BLANK)
        self.prev_token.value = tok
        return tok, emit

    def greedy_decode(self, feats):
        logits = self(feats)
        n_frames = logits.shape[1]

        def cond(state):
            return state[0] < n_frames

        def body(state):
            t, out, length = state
            tok, emit = self._emit(logits[:, t])
            slot = emit[:, None] & (jnp.arange(n_frames)[None] == length[:, None])
            return t + 1, jnp.where(slot, tok[:, None], out), length + emit

        init = (0, jnp.full(logits.shape[:2], BLANK), jnp.zeros(logits.shape[0], jnp.int32))
        _, out, length = jax.lax.while_loop(cond, body, init)
        return out, length


class Evaluator:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def transcribe(self, feats):
        return self.model.apply(self.variables, feats, method=AcousticModel.greedy_decode)


def main():
    cfg = CTCConfig()
    model = AcousticModel(cfg)
    feats = jax.random.normal(jax.random.key(0), (cfg.batch, 12, cfg.n_feats))
    variables = model.init(jax.random.key(1), feats)
    out, length = Evaluator(model, variables).transcribe(feats)
    int(length.sum())
    return None
