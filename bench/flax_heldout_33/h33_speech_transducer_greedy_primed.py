# label: ok
# flax-error: none
# class: 3 prediction-network Embed/LSTMCell and JointNetwork are primed on <blank> and frame 0 before the loop, then reached through the make_greedy_step() factory closure in the while_loop body
"""Greedy decoding for a tiny RNN-Transducer.

The encoder output is given; the prediction network (embedding + LSTM) and the
joint network emit one symbol or <blank> per step. Decoding advances the
frame pointer on <blank> and stops after all frames or max_symbols.
"""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

BLANK = 0


@dataclasses.dataclass(frozen=True)
class TransducerConfig:
    vocab: int = 12
    enc_dim: int = 16
    pred_dim: int = 16
    joint_dim: int = 20
    max_symbols: int = 8


class DecodeState(NamedTuple):
    t: jnp.ndarray            # frame pointer
    n: jnp.ndarray            # symbols emitted
    last_token: jnp.ndarray
    lstm_carry: tuple
    tokens: jnp.ndarray


class JointNetwork(nn.Module):
    joint_dim: int
    vocab: int

    @nn.compact
    def __call__(self, enc_frame, pred_out):
        h = nn.Dense(self.joint_dim, name="enc_proj")(enc_frame)
        h = h + nn.Dense(self.joint_dim, name="pred_proj")(pred_out)
        return nn.Dense(self.vocab, name="out")(jnp.tanh(h))


def make_greedy_step(embed, cell, joint, enc_out, max_symbols):
    n_frames = enc_out.shape[0]

    def cond(s: DecodeState):
        return (s.t < n_frames) & (s.n < max_symbols)

    def step(s: DecodeState):
        emb = embed(s.last_token)
        new_carry, pred_out = cell(s.lstm_carry, emb)
        logits = joint(enc_out[s.t], pred_out)
        tok = jnp.argmax(logits).astype(jnp.int32)
        emit = tok != BLANK
        tokens = jnp.where(emit, s.tokens.at[s.n].set(tok), s.tokens)
        carry = jax.tree.map(lambda new, old: jnp.where(emit, new, old), new_carry, s.lstm_carry)
        return DecodeState(
            t=jnp.where(emit, s.t, s.t + 1),
            n=s.n + emit.astype(jnp.int32),
            last_token=jnp.where(emit, tok, s.last_token),
            lstm_carry=carry,
            tokens=tokens,
        )

    return cond, step


class GreedyTransducer(nn.Module):
    cfg: TransducerConfig

    @nn.compact
    def __call__(self, enc_out):
        cfg = self.cfg
        embed = nn.Embed(cfg.vocab, cfg.pred_dim, name="pred_embed")
        cell = nn.LSTMCell(cfg.pred_dim, name="pred_lstm")
        joint = JointNetwork(cfg.joint_dim, cfg.vocab, name="joint")
        carry0 = (jnp.zeros((cfg.pred_dim,)), jnp.zeros((cfg.pred_dim,)))
        _, primed = cell(carry0, embed(jnp.array(BLANK)))
        joint(enc_out[0], primed)
        state = DecodeState(
            t=jnp.array(0), n=jnp.array(0), last_token=jnp.array(BLANK),
            lstm_carry=carry0, tokens=jnp.full((cfg.max_symbols,), -1, jnp.int32),
        )
        cond, step = make_greedy_step(embed, cell, joint, enc_out, cfg.max_symbols)
        final = while_loop(cond, step, state)
        return final.tokens, final.n


def main():
    cfg = TransducerConfig()
    model = GreedyTransducer(cfg)
    enc_out = jax.random.normal(jax.random.PRNGKey(3), (5, cfg.enc_dim))
    variables = model.init(jax.random.PRNGKey(0), enc_out)
    tokens, n = model.apply(variables, enc_out)
    int(n)
    return None
