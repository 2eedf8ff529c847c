# label: ok
# flax-error: none
# class: 2 sampling idiom: params created through __call__, a sample method scans over the built setup submodules (self.embed/self.cell/self.head)
"""Character-level LSTM language model with an ancestral sampler.

Training uses __call__ (teacher forcing); generation runs `sample` only under
apply(..., method=CharLM.sample), so every submodule already has its params.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class LMConfig:
    vocab: int = 27
    embed_dim: int = 16
    hidden: int = 32
    sample_len: int = 10
    temperature: float = 0.8


class CharLM(nn.Module):
    cfg: LMConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.vocab, self.cfg.embed_dim)
        self.cell = nn.OptimizedLSTMCell(self.cfg.hidden)
        self.head = nn.Dense(self.cfg.vocab)

    def __call__(self, tokens):
        x = self.embed(tokens)
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), x[:, 0].shape)
        logits = []
        for t in range(x.shape[1]):
            carry, h = self.cell(carry, x[:, t])
            logits.append(self.head(h))
        return jnp.stack(logits, 1)

    def sample(self, prime, key):
        batch = prime.shape[0]
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (batch, self.cfg.embed_dim))
        keys = jax.random.split(key, self.cfg.sample_len)

        def step(state, k):
            carry, tok = state
            carry, h = self.cell(carry, self.embed(tok))
            logits = self.head(h) / self.cfg.temperature
            nxt = jax.random.categorical(k, logits)
            return (carry, nxt), nxt

        _, toks = jax.lax.scan(step, (carry, prime), keys)
        return toks.T


def train_logits(model, params, batch):
    return model.apply(params, batch)


def main():
    cfg = LMConfig()
    model = CharLM(cfg)
    batch = jnp.zeros((2, 5), jnp.int32)
    params = model.init(jax.random.PRNGKey(0), batch)
    params = jax.tree.map(lambda a: a + 0, params)
    logits = train_logits(model, params, batch)
    toks = model.apply(params, jnp.array([1, 2]), jax.random.PRNGKey(7), method=CharLM.sample)
    jax.tree.map(lambda a: a + 0, (logits, toks))
    return None
